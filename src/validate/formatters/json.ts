import { summarize, type FileResult } from '../engine.js';

/**
 * Stable, versioned machine output:
 * { version: 1, summary: { errors, warnings, files, skipped, envFiles },
 *   results: [{ file, kind?, skipped?, findings: [{ ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn }] }] }
 * (messageId, endLine and endColumn were added within version 1, and later envFiles and kind: 'env' for the
 * results of env files: new fields, nothing removed or renamed; files counts the workflow files.)
 */
export function formatJson(results: FileResult[]): string {
  return (
    JSON.stringify(
      {
        version: 1,
        summary: summarize(results),
        results: results.map((r) => ({
          file: r.file,
          ...(r.kind ? { kind: r.kind } : {}),
          ...(r.skipped ? { skipped: r.skipped } : {}),
          findings: r.findings.map(({ ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn }) => ({ ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn })),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}
