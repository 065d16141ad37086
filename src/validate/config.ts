// The `rules` section of n8n-lock.config.json: rule id -> "off" | "warning" | "error". Pure: the
// CLI reads the file, this checks it. An unknown rule id or severity is an input error that names
// the key, as in ESLint: a typo would otherwise switch nothing off while looking like it does.
import { InputError } from '../errors.js';
import type { RuleSetting } from './engine.js';
import { CONFIGURABLE_RULES, ENV_RULES, RULES, RULES_BY_ID } from './rules.js';
import { ruleSettingOf } from './rule-setting.js';


export function parseRuleSettings(rules: unknown, file = 'n8n-lock.config.json'): Record<string, RuleSetting> {
  if (rules === undefined) return {};
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) throw new InputError(`${file}: rules: expected an object of rule id -> "off" | "warning" | "error"`);
  const out: Record<string, RuleSetting> = Object.create(null);
  for (const [id, value] of Object.entries(rules)) {
    const rule = RULES_BY_ID.get(id);
    if (!rule || !CONFIGURABLE_RULES.includes(rule as (typeof CONFIGURABLE_RULES)[number])) {
      const close = CONFIGURABLE_RULES.map((r) => r.id).filter((known) => known.includes(id) || id.includes(known.split('-')[0]));
      throw new InputError(`${file}: rules.${id}: unknown rule${close.length ? ` (did you mean ${close.slice(0, 3).join(', ')}?)` : ''}; the rules are listed by n8n-lock validate --help`);
    }
    const setting = ruleSettingOf(value);
    if (!setting) throw new InputError(`${file}: rules.${id}: expected "off", "warning" or "error", got ${JSON.stringify(value)}`);
    out[id] = setting;
  }
  return out;
}

/** The rules that run under these settings (not "off"), in inventory order: the junit format lists each as a test case. */
export function enabledRuleIds(settings: Record<string, RuleSetting>): string[] {
  return RULES.filter((rule) => settings[rule.id] !== 'off').map((rule) => rule.id);
}

/** The env-file rules that run under these settings: the junit format lists them for each env file. */
export function enabledEnvRuleIds(settings: Record<string, RuleSetting>): string[] {
  return ENV_RULES.filter((rule) => settings[rule.id] !== 'off').map((rule) => rule.id);
}
