// The n8n.io templates that n8n-mcp ships in its own database (table templates, gzip + base64 JSON),
// written out one file each from an install of the package: a corpus of real workflows that is never
// vendored here. Used by validate-peers.mjs and purity.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const N8N_MCP_VERSION = '2.87.0';

/** Writes template-<id>.json into `workflows` from the n8n-mcp installed under `peersDir`; the number written. */
export async function writeTemplates(peersDir, workflows) {
  // Its package.json exports only ".": its folder is two up from its main module (dist/index.js).
  const packageDir = dirname(dirname(createRequire(join(peersDir, 'package.json')).resolve('n8n-mcp')));
  const initSqlJs = createRequire(join(packageDir, 'package.json'))('sql.js'); // its own dependency
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(join(packageDir, 'data', 'nodes.db')));
  const [table] = db.exec('SELECT id, workflow_json_compressed FROM templates ORDER BY id');
  db.close();
  for (const [id, compressed] of table.values) writeFileSync(join(workflows, `template-${id}.json`), gunzipSync(Buffer.from(compressed, 'base64')));
  return table.values.length;
}
