import type { FileResult } from '../engine.js';

// GitHub workflow commands: data escapes %, CR, LF; properties also : and ,.
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=..,line=..,col=..,title=<rule>::message` lines: GitHub annotates the lines in the PR. */
export function formatGithub(results: FileResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      lines.push(`::${f.severity === 'error' ? 'error' : 'warning'} file=${property(f.file)},line=${f.line},col=${f.column},title=${property(f.ruleId)}::${data(f.message)}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
