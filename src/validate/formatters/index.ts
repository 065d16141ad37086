import type { FileResult } from '../engine.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

export const FORMATS = ['stylish', 'json', 'github', 'sarif', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

/** `ruleIds`, `envRuleIds`: the rules that ran on workflow files and on env files (for the formats that list passed checks too: junit). */
export function formatResults(format: Format, results: FileResult[], toolVersion: string, ruleIds: readonly string[] = [], envRuleIds: readonly string[] = []): string {
  switch (format) {
    case 'junit':
      return formatJunit(results, ruleIds, envRuleIds);
    case 'json':
      return formatJson(results);
    case 'github':
      return formatGithub(results);
    case 'sarif':
      return formatSarif(results, toolVersion);
    default:
      return formatStylish(results);
  }
}
