import { summarize, type FileResult } from '../engine.js';

/**
 * Stable, versioned machine output:
 * { version: 1, summary: { errors, warnings, files, skipped },
 *   results: [{ file, skipped?, findings: [{ ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn }] }] }
 * (messageId, endLine and endColumn were added within version 1: new fields, nothing removed or renamed.)
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
          findings: r.findings.map(({ ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn }) => ({ ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn })),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}
