// Driver for the peers bench (validate-peers.mjs): n8n-mcp's own workflow validator, set up as its
// MCP server sets it up (database adapter over its packaged node database, NodeRepository,
// EnhancedConfigValidator, WorkflowValidator), offline, over every .json file of a folder.
//   node n8n-mcp.mjs <folder where n8n-mcp is installed> <workflows folder>
// Prints one JSON line: files, parse failures, validated, valid, invalid, errors, warnings, seconds.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Read once when its logger loads: without it, n8n-mcp logs to stdout.
process.env.DISABLE_CONSOLE_OUTPUT ??= 'true';
process.env.N8N_MCP_TELEMETRY_DISABLED ??= 'true';
const [installDir, folder] = process.argv.slice(2);
const require = createRequire(join(installDir, 'package.json'));
// Its package.json exports only ".": the validator's modules are loaded by path.
const dist = (file) => join(dirname(dirname(require.resolve('n8n-mcp'))), 'dist', file);
const started = performance.now();
const { createDatabaseAdapter } = require(dist('database/database-adapter.js'));
const { NodeRepository } = require(dist('database/node-repository.js'));
const { EnhancedConfigValidator } = require(dist('services/enhanced-config-validator.js'));
const { WorkflowValidator } = require(dist('services/workflow-validator.js'));
// Its sql.js adapter writes the database back on close: a private copy keeps the package as installed.
const scratch = mkdtempSync(join(tmpdir(), 'n8n-mcp-db-'));
copyFileSync(join(dirname(dist('x')), '..', 'data', 'nodes.db'), join(scratch, 'nodes.db'));
const repository = new NodeRepository(await createDatabaseAdapter(join(scratch, 'nodes.db')));
EnhancedConfigValidator.initializeSimilarityServices(repository);
const validator = new WorkflowValidator(repository, EnhancedConfigValidator);

const files = [];
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') && files.push(join(dir, e.name))));
walk(folder);
const counts = { files: files.length, parseFailed: 0, validated: 0, valid: 0, invalid: 0, errors: 0, warnings: 0 };
for (const file of files.sort()) {
  let workflow;
  try {
    workflow = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    counts.parseFailed++;
    continue;
  }
  const result = await validator.validateWorkflow(workflow, { profile: 'runtime' }); // its default profile
  counts.validated++;
  counts[result.valid ? 'valid' : 'invalid']++;
  counts.errors += result.errors.length;
  counts.warnings += result.warnings.length;
}
console.log(JSON.stringify({ ...counts, seconds: (performance.now() - started) / 1000 }));
rmSync(scratch, { recursive: true, force: true });
process.exit(0); // not close(): the sql.js adapter would write the 66 MB database out first
