import { getEnvPath } from '../../envs/env-file.js';
import { findPlaceholders, isSentinelId } from '../../workflow/placeholders.js';
import { pointerKey, type Rule, type RuleFinding } from '../types.js';


/** With --env: every {{@:env:...}} placeholder resolves and no workflow/credential id is empty or a sentinel. */
export const placeholdersResolve: Rule = {
  id: 'placeholders-resolve',
  description: 'with --env: every placeholder resolves in every selected env, and no id is empty or a sentinel',
  defaultSeverity: 'error',
  check({ workflow, envs, envsSelected }) {
    if (!envsSelected) return [];
    const findings: RuleFinding[] = [];
    const visit = (value: unknown, pointer: string) => {
      if (typeof value === 'string') {
        for (const p of findPlaceholders(value)) {
          for (const env of envs) {
            const resolved = getEnvPath(env.data, p.path);
            if (resolved === undefined || resolved === null) {
              if (p.path !== 'lockScopes') findings.push({ message: `${p.text} is not set in ${env.file}`, pointer, stringIndex: p.index });
            } else if (/^(workflows|credentials)\..+\.id$/.test(p.path) && (typeof resolved !== 'string' || isSentinelId(resolved))) {
              findings.push({ message: `${p.text} is ${JSON.stringify(resolved)} in ${env.file}: deploy it and fill in the real id`, pointer, stringIndex: p.index });
            }
          }
        }
      } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${pointer}/${i}`));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, `${pointer}/${pointerKey(k)}`);
    };
    visit(workflow, '');
    return findings;
  },
};
