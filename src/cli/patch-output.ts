import type { Operation } from 'fast-json-patch';
import { warn } from './program.js';

/** --dry-run: the RFC 6902 patch on stdout (data), a short human summary on stderr. */
export function printDryRun(label: string, patch: Operation[], summary: string[]): void {
  process.stdout.write(JSON.stringify(patch, null, 2) + '\n');
  const counts = patch.reduce<Record<string, number>>((acc, op) => ({ ...acc, [op.op]: (acc[op.op] ?? 0) + 1 }), {});
  warn(`dry run: ${label} would change by ${patch.length} operation(s) (${Object.entries(counts).map(([op, n]) => `${n} ${op}`).join(', ') || 'none'}); nothing written`);
  for (const line of summary) warn(`  ${line}`);
}

export function printNotes(notes: string[]): void {
  for (const note of notes) warn(`note: ${note}`);
}
