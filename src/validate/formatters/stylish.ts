import { summarize, type FileResult } from '../engine.js';

/** Human output, grouped by file (like ESLint's stylish). */
export function formatStylish(results: FileResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    if (result.skipped) continue;
    if (result.findings.length === 0) continue;
    lines.push('', result.file);
    const width = Math.max(...result.findings.map((f) => `${f.line}:${f.column}`.length));
    for (const f of result.findings) {
      lines.push(`  ${`${f.line}:${f.column}`.padEnd(width)}  ${f.severity.padEnd(7)}  ${f.message}  ${f.ruleId}`);
    }
  }
  const skipped = results.filter((r) => r.skipped);
  if (skipped.length > 0) {
    lines.push('', `skipped ${skipped.length} file(s):`);
    for (const r of skipped) lines.push(`  ${r.file}: ${r.skipped}`);
  }
  const s = summarize(results);
  const problems = s.errors + s.warnings;
  const checked = `${s.files - s.skipped} workflow file(s)${envFilesChecked(results)}`;
  lines.push('', problems === 0 ? `✔ ${checked} checked, no problems` : `✖ ${problems} problem(s) (${s.errors} error(s), ${s.warnings} warning(s)) in ${checked}`);
  return lines.join('\n').replace(/^\n/, '') + '\n';
}

/** ` and 2 env file(s) (envs/dev.yml, envs/prod.yml)`: which environments the placeholders and keys were checked against. */
function envFilesChecked(results: FileResult[]): string {
  const envs = results.filter((r) => r.kind === 'env').map((r) => r.file);
  if (envs.length === 0) return '';
  return ` and ${envs.length} env file(s) (${envs.slice(0, 5).join(', ')}${envs.length > 5 ? ', ...' : ''})`;
}
