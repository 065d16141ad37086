import { summarize, type FileResult } from '../engine.js';

/**
 * Stable, versioned machine output:
 * { version: 1, summary: { errors, warnings, files, skipped },
 *   results: [{ file, skipped?, findings: [{ ruleId, severity, message, pointer, line, column }] }] }
 */
export function formatJson(results: FileResult[]): string {
  return (
    JSON.stringify(
      {
        version: 1,
        summary: summarize(results),
        results: results.map((r) => ({
          file: r.file,
          ...(r.skipped ? { skipped: r.skipped } : {}),
          findings: r.findings.map(({ ruleId, severity, message, pointer, line, column }) => ({ ruleId, severity, message, pointer, line, column })),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}
