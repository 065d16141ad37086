// Driver for the peers bench (validate-peers.mjs): @replikanti/flowlint-core with its default
// configuration (parseN8n + runAllRules), over every .json file of a folder.
//   node flowlint-core.mjs <folder where it is installed> <workflows folder>
// Prints one JSON line: files, parse failures, schema failures, linted, findings, seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [installDir, folder] = process.argv.slice(2);
const started = performance.now();
const entry = createRequire(join(installDir, 'package.json')).resolve('@replikanti/flowlint-core').replace(/index\.js$/, 'index.mjs');
const { parseN8n, runAllRules, defaultConfig } = await import(pathToFileURL(entry).href);

const files = [];
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') && files.push(join(dir, e.name))));
walk(folder);
const counts = { files: files.length, parseFailed: 0, schemaFailed: 0, linted: 0, findings: 0 };
for (const file of files.sort()) {
  let graph;
  try {
    graph = parseN8n(readFileSync(file, 'utf8')); // the text: it also maps nodes to lines
  } catch (error) {
    counts[error?.name === 'ValidationError' ? 'schemaFailed' : 'parseFailed']++;
    continue;
  }
  counts.linted++;
  counts.findings += runAllRules(graph, { path: file, cfg: defaultConfig, nodeLines: graph.meta.nodeLines }).length;
}
console.log(JSON.stringify({ ...counts, seconds: (performance.now() - started) / 1000 }));
