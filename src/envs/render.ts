import { InputError } from '../errors.js';
import { detectJsonStyle, parseJsonText, stringifyJson } from '../workflow/json-file.js';
import { findPlaceholders, isSentinelId, resolvePlaceholders } from '../workflow/placeholders.js';
import { getEnvPath, type EnvFile } from './env-file.js';

// The scopes line and its exact inverse live in their own module (validate loads it without the
// YAML and schema modules); render is where they belong, so it exports them.
export { renderLockScopesLine, unrenderLockScopesLine } from './lock-scopes-line.js';

export interface RenderedWorkflow {
  key: string;
  text: string;
  warnings: string[];
}

/**
 * Every placeholder of a JSON text resolved from one env's values (a missing lockScopes is an
 * empty list); what cannot be resolved is in `problems`. pull renders single strings with it.
 */
export function resolveForEnv(text: string, env: EnvFile): ReturnType<typeof resolvePlaceholders> {
  return resolvePlaceholders(text, (path) => getEnvPath(env.data, path), { missingAsEmptyList: (path) => path === 'lockScopes' });
}

/**
 * Resolves every placeholder of one workflow file's text for one environment and stamps the
 * env's id and name on it, so `n8n import:workflow` upserts the right workflow. Fails on the first
 * placeholder that cannot be resolved, naming placeholder, file and env.
 */
export function renderWorkflow(key: string, text: string, file: string, env: EnvFile): RenderedWorkflow {
  const warnings: string[] = [];
  const lockScopesMissing = getEnvPath(env.data, 'lockScopes') == null;
  const { text: resolved, problems } = resolveForEnv(text, env);
  if (problems.length > 0) {
    const p = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    throw new InputError(`${file}: ${p.placeholder} ${p.reason} for env "${env.name}" (${env.file})${more}`);
  }
  if (lockScopesMissing && findPlaceholders(text).some((p) => p.path === 'lockScopes')) {
    warnings.push(`${file}: env "${env.name}" has no lockScopes: rendered as [] (the error handler will free nothing; register scopes in ${env.file})`);
  }
  const workflow = parseJsonText(resolved, file) as Record<string, unknown>;
  const leftover = findPlaceholders(resolved);
  if (leftover.length > 0) throw new InputError(`${file}: placeholder ${leftover[0].text} is left after rendering for env "${env.name}"`);

  const ref = env.data.workflows?.[key];
  let out: Record<string, unknown> = workflow;
  if (ref && !isSentinelId(ref.id)) {
    // id first, like n8n's own exports; import:workflow upserts by it.
    const { id: _ignored, ...rest } = workflow;
    out = { id: ref.id, ...rest };
  } else {
    warnings.push(`${file}: no id for "${key}" in env "${env.name}": n8n creates a new workflow on every import`);
  }
  if (ref?.name) out.name = ref.name + (env.data.workflowNamePostfix ?? '');
  return { key, text: stringifyJson(out, detectJsonStyle(text)), warnings };
}
