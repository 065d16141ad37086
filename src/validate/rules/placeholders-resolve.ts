import { getEnvPath } from '../../envs/env-path.js';
import { findPlaceholders, isSentinelId } from '../../workflow/placeholders.js';
import { defineRule, pointerKey, type RuleFinding } from '../types.js';


/** With --env: every {{@:env:...}} placeholder resolves and no workflow/credential id is empty or a sentinel. */
export const placeholdersResolve = defineRule({
  id: 'placeholders-resolve',
  meta: {
    description: 'with --env: every placeholder resolves in every selected env, and no id is empty or a sentinel',
    defaultSeverity: 'error',
    rationale: '`{{@:env:...}}` placeholders are resolved by `render` for one environment; a missing path or an id that is empty or a sentinel (`placeholder`, `your-...`, `TODO`) would make render fail, or deploy a workflow that calls nothing. With `--env`, validate checks every placeholder against every selected env before you deploy. A missing `lockScopes` is allowed (it renders as `[]` with a warning).',
    messages: {
      notSet: '{{placeholder}} is not set in {{env}}',
      sentinelId: '{{placeholder}} is {{value}} in {{env}}: deploy it and fill in the real id',
    },
  },
  check({ workflow, envs, envsSelected }) {
    if (!envsSelected) return [];
    const findings: RuleFinding[] = [];
    const visit = (value: unknown, pointer: string) => {
      if (typeof value === 'string') {
        for (const p of findPlaceholders(value)) {
          for (const env of envs) {
            const resolved = getEnvPath(env.data, p.path);
            if (resolved === undefined || resolved === null) {
              if (p.path !== 'lockScopes') findings.push({ messageId: 'notSet', data: { placeholder: p.text, env: env.file }, pointer, stringIndex: p.index, stringEnd: p.index + p.text.length });
            } else if (/^(workflows|credentials)\..+\.id$/.test(p.path) && (typeof resolved !== 'string' || isSentinelId(resolved))) {
              findings.push({ messageId: 'sentinelId', data: { placeholder: p.text, value: JSON.stringify(resolved), env: env.file }, pointer, stringIndex: p.index, stringEnd: p.index + p.text.length });
            }
          }
        }
      } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${pointer}/${i}`));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, `${pointer}/${pointerKey(k)}`);
    };
    visit(workflow, '');
    return findings;
  },
});
