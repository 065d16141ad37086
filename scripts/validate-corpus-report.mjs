// Per-rule finding counts of `n8n-lock validate` over the real corpus (test/fixtures/corpus, vendored), with one
// sample finding per rule: the numbers behind "every finding is one a maintainer would agree with".
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = join(root, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates');
const result = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'index.js'), 'validate', '--format', 'json', '--cwd', corpus, '.'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const report = JSON.parse(result.stdout);
const byRule = new Map();
for (const file of report.results) {
  for (const f of file.findings) {
    const entry = byRule.get(f.ruleId) ?? { count: 0, files: new Set(), sample: `${file.file}:${f.line}: ${f.message}` };
    entry.count++;
    entry.files.add(file.file);
    byRule.set(f.ruleId, entry);
  }
}
console.log(`corpus: ${report.summary.files} files, ${report.summary.errors} errors, ${report.summary.warnings} warnings, ${report.summary.skipped} skipped (exit ${result.status})`);
for (const [rule, { count, files, sample }] of [...byRule].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`${rule.padEnd(28)} ${String(count).padStart(4)} findings in ${String(files.size).padStart(3)} files   e.g. ${sample.slice(0, 150)}`);
}
