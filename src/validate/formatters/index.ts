import type { FileResult } from '../engine.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

export const FORMATS = ['stylish', 'json', 'github', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export function formatResults(format: Format, results: FileResult[], toolVersion: string): string {
  switch (format) {
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
