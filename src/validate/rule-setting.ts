// The spellings of a rule's setting in n8n-lock.config.json, in a module of its own: deploy and
// pull read one setting (env-workflow-keys) without loading the rule inventory.
import type { RuleSetting } from './engine.js';

const SETTINGS: ReadonlyMap<unknown, RuleSetting> = new Map<unknown, RuleSetting>([
  ['off', 'off'],
  ['warning', 'warning'],
  ['error', 'error'],
  // ESLint's spellings, so a config written by habit works.
  ['warn', 'warning'],
  [0, 'off'],
  [1, 'warning'],
  [2, 'error'],
]);

/** The setting a config value spells, or undefined when it spells none. */
export function ruleSettingOf(value: unknown): RuleSetting | undefined {
  return SETTINGS.get(value);
}
