import { getEnvPath } from '../../envs/env-path.js';
import { findPlaceholders, isSentinelId } from '../../workflow/placeholders.js';
import { defineRule, pointerKey, type RuleFinding } from '../types.js';


/**
 * Every {{@:env:...}} placeholder resolves in every env file validate reads (all of them without
 * --env); with --env, no workflow or credential id is empty or a sentinel either.
 */
export const placeholdersResolve = defineRule({
  id: 'placeholders-resolve',
  meta: {
    description: 'every placeholder resolves in every env file (the selected ones with --env); with --env, no id is empty or a sentinel',
    defaultSeverity: 'error',
    rationale: '`{{@:env:...}}` placeholders are resolved by `render` for one environment; a missing path or an id that is empty or a sentinel (`placeholder`, `your-...`, `TODO`) would make render fail, or deploy a workflow that calls nothing. Without `--env`, validate checks every placeholder against every env file it finds, so a path that no environment sets fails in CI, not at deploy. An empty id is allowed there: `deploy` creates the workflow and writes the id n8n gave it. With `--env`, validate checks the selected envs as deploy will run them: every id must be filled in too. A missing `lockScopes` is allowed (it renders as `[]` with a warning).',
    messages: {
      notSet: '{{placeholder}} is not set in {{env}}',
      sentinelId: '{{placeholder}} is {{value}} in {{env}}: deploy it and fill in the real id',
    },
  },
  check({ workflow, envs, envsSelected }) {
    const findings: RuleFinding[] = [];
    const visit = (value: unknown, pointer: string) => {
      if (typeof value === 'string') {
        for (const p of findPlaceholders(value)) {
          for (const env of envs) {
            const resolved = getEnvPath(env.data, p.path);
            if (resolved === undefined || resolved === null) {
              if (p.path !== 'lockScopes') findings.push({ messageId: 'notSet', data: { placeholder: p.text, env: env.file }, pointer, stringIndex: p.index, stringEnd: p.index + p.text.length });
            } else if (envsSelected && /^(workflows|credentials)\..+\.id$/.test(p.path) && (typeof resolved !== 'string' || isSentinelId(resolved))) {
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
