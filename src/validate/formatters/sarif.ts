import type { FileResult } from '../engine.js';
import { ENGINE_RULES, RULES } from '../rules.js';

/** SARIF 2.1.0 for GitHub code scanning: every result has ruleId and region.startLine. */
export function formatSarif(results: FileResult[], toolVersion: string): string {
  const rules = [...RULES, ...ENGINE_RULES];
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'n8n-lock',
            version: toolVersion,
            informationUri: 'https://www.npmjs.com/package/n8n-lock',
            rules: rules.map((r) => ({ id: r.id, shortDescription: { text: r.description }, defaultConfiguration: { level: r.defaultSeverity === 'error' ? 'error' : 'warning' } })),
          },
        },
        results: results.flatMap((r) =>
          r.findings.map((f) => ({
            ruleId: f.ruleId,
            ruleIndex: rules.findIndex((x) => x.id === f.ruleId),
            level: f.severity === 'error' ? 'error' : 'warning',
            message: { text: f.message },
            locations: [{ physicalLocation: { artifactLocation: { uri: f.file }, region: { startLine: f.line, startColumn: f.column } } }],
          })),
        ),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
