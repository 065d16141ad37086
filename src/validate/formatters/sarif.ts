import type { FileResult } from '../engine.js';
import { ENGINE_RULES, ENV_RULES, RULES } from '../rules.js';

/**
 * SARIF 2.1.0 for GitHub code scanning: every rule with its description and docs page (helpUri),
 * every result with ruleId, level, message and its exact region (start and end).
 */
export function formatSarif(results: FileResult[], toolVersion: string): string {
  const rules = [...RULES, ...ENV_RULES, ...ENGINE_RULES];
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
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
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.meta.description },
              fullDescription: { text: r.meta.docs.rationale.split('\n\n')[0] },
              helpUri: r.meta.docs.url,
              help: { text: `${r.meta.description}. See ${r.meta.docs.url}`, markdown: `${r.meta.docs.rationale}\n\n[${r.id}](${r.meta.docs.url})` },
              defaultConfiguration: { level: r.meta.defaultSeverity === 'error' ? 'error' : 'warning' },
            })),
          },
        },
        results: results.flatMap((r) =>
          r.findings.map((f) => ({
            ruleId: f.ruleId,
            ruleIndex: index.get(f.ruleId) ?? -1,
            level: f.severity === 'error' ? 'error' : 'warning',
            message: { text: f.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: f.file },
                  region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
                },
              },
            ],
          })),
        ),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
