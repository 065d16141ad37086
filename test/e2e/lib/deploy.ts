// Builds the user repository the suite deploys, with the real CLI (dist/cli/index.js), then renders it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { join } from 'node:path';
import { BIN } from '../../support/paths.js';
import { userWorkflows } from './fixtures.js';

export const PRIMITIVE_KEYS = ['lock_acquisition', 'lock_release', 'error_handler_lock_cleanup', 'rate_limit_check', 'rate_limit_sliding'];

/** Fixed 16-character workflow ids, as n8n's import expects. */
export function workflowId(key: string): string {
  return ('E2e' + key.replace(/[^A-Za-z0-9]/g, '')).slice(0, 16).padEnd(16, '0');
}

export const REDIS_CREDENTIAL_ID = 'E2eRedisCred0001';

export interface CliRun {
  args: string[];
  status: number;
  stderr: string;
}

export function n8nLock(repo: string, args: string[]): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args, '--cwd', repo], { encoding: 'utf8' });
  return { args, status: result.status ?? -1, stderr: result.stderr };
}

function must(run: CliRun): CliRun {
  if (run.status !== 0) throw new Error(`n8n-lock ${run.args.join(' ')} failed (exit ${run.status}): ${run.stderr}`);
  return run;
}

/**
 * A repository at `repo` with the lock primitives and the error cleanup (`create-lock
 * --include-error-handler`) and an env "dev" naming the harness's Redis credential: what the
 * deploy refusal tests deploy.
 */
export function primitivesRepository(repo: string): string {
  mkdirSync(join(repo, 'envs'), { recursive: true });
  writeFileSync(join(repo, 'envs', 'dev.yml'), `# dev\nname: dev\ncredentials:\n  redis: { id: "${REDIS_CREDENTIAL_ID}", name: "Redis e2e" }\n`);
  must(n8nLock(repo, ['create-lock', '--include-error-handler']));
  return repo;
}

export interface Deployment {
  repo: string;
  /** Workflow ids by key, as n8n minted them on the first deploy (read from envs/e2e.yml). */
  ids: Record<string, string>;
  /** Every workflow key of the repository. */
  keys: string[];
  /** How the suite deploys: one package import, or workflow by workflow (`--via`). */
  via: 'package' | 'api';
  /** What the patch commands printed or refused, for the scenarios to assert on. */
  legacyRefusal: CliRun;
}

/** The ids the env file holds now (deploy writes the ids n8n mints back into it). */
export function envIds(repo: string): Record<string, string> {
  const env = parseDocument(readFileSync(join(repo, 'envs', 'e2e.yml'), 'utf8')).toJS() as { workflows: Record<string, { id: string }> };
  return Object.fromEntries(Object.entries(env.workflows).map(([key, ref]) => [key, ref.id]));
}

/**
 * The suite's repository, locked with `engine` (every add-lock-to-workflow gets --engine node for
 * the native engine; the probes call the primitives directly either way, and the native repository
 * adds one scope locked by both engines). Its env file has no workflow ids: the first
 * `n8n-lock deploy` creates every workflow and writes the ids n8n mints back into it.
 */
export function buildRepository(dir: string, engine: 'stock' | 'node' = 'stock', via: 'package' | 'api' = 'package'): Deployment {
  const repo = join(dir, 'repo');
  mkdirSync(join(repo, 'workflows'), { recursive: true });
  mkdirSync(join(repo, 'envs'), { recursive: true });
  const workflows = userWorkflows(engine);
  const lock = (args: string[]) => [...args, ...(engine === 'node' ? ['--engine', 'node'] : [])];
  for (const [key, wf] of Object.entries(workflows)) writeFileSync(join(repo, 'workflows', `${key}.json`), JSON.stringify(wf, null, 2) + '\n');
  const keys = [...PRIMITIVE_KEYS, ...Object.keys(workflows)];
  writeFileSync(
    join(repo, 'envs', 'e2e.yml'),
    [
      '# The env of the e2e suite: ids are filled in by the first n8n-lock deploy.',
      'name: e2e',
      'credentials:',
      `  redis: { id: "${REDIS_CREDENTIAL_ID}", name: "Redis e2e" }`,
      'workflows:',
      ...keys.map((k) => `  ${k}: { id: "", name: "E2E ${k}" }`),
      'lockScopes:',
      '  - e2e-other # locked by another execution in the cleanup scenario',
      '',
    ].join('\n'),
  );
  must(n8nLock(repo, ['create-lock', '--include-error-handler', '--include-rate-limit']));
  must(n8nLock(repo, ['create-lock', '--include-rate-limit', '--algorithm', 'sliding']));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'critical', '--scope-expression', 'e2e-mutex'])));
  const legacyRefusal = n8nLock(repo, lock(['add-lock-to-workflow', 'legacy', '--scope-expression', 'e2e-legacy']));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'legacy', '--scope-expression', 'e2e-legacy', '--set-execution-order-v1'])));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'fail_fast', '--scope-expression', 'e2e-held', '--fail-fast'])));
  // Default options: the cleanup error workflow is registered; one static, one dynamic scope.
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'failing', '--scope-expression', 'e2e-cleanup'])));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'failing_dynamic', '--scope-expression', '=e2e-dyn-{{ $json.query.id }}'])));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'slow', '--scope-expression', 'e2e-crash', '--ttl-seconds', '20'])));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'crash_waiter', '--scope-expression', 'e2e-crash', '--ttl-seconds', '20', '--max-wait-seconds', '60'])));
  must(n8nLock(repo, ['add-rate-limit-to-workflow', 'limited', '--limit', '5', '--window-seconds', '10', '--scope-expression', 'e2e-rate']));
  must(n8nLock(repo, ['add-rate-limit-to-workflow', 'edge_fixed', '--limit', '5', '--window-seconds', '10', '--scope-expression', 'e2e-edge-fixed']));
  must(n8nLock(repo, ['add-rate-limit-to-workflow', 'edge_sliding', '--limit', '5', '--window-seconds', '10', '--scope-expression', 'e2e-edge-sliding', '--algorithm', 'sliding']));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'echo_locked', '--scope-expression', 'e2e-echo'])));
  must(n8nLock(repo, lock(['add-lock-to-workflow', 'branchy', '--scope-expression', 'e2e-branch'])));
  if (engine === 'node') {
    must(n8nLock(repo, ['add-lock-to-workflow', 'mixed_stock', '--scope-expression', 'e2e-mixed']));
    must(n8nLock(repo, ['add-lock-to-workflow', 'mixed_native', '--scope-expression', 'e2e-mixed', '--engine', 'node']));
    must(n8nLock(repo, ['add-lock-to-workflow', 'semaphore', '--scope-expression', 'e2e-semaphore', '--engine', 'node', '--max-holders', '3', '--max-wait-seconds', '120']));
    for (const algorithm of ['sliding-log', 'token-bucket', 'fixed']) {
      must(n8nLock(repo, ['add-rate-limit-to-workflow', `rate_${algorithm.replace('-', '_')}`, '--engine', 'node', '--algorithm', algorithm, '--limit', '5', '--window-seconds', '10', '--scope-expression', `e2e-rate-${algorithm}`]));
    }
    must(n8nLock(repo, ['add-rate-limit-to-workflow', 'throttle', '--engine', 'node', '--algorithm', 'sliding-log', '--limit', '5', '--window-seconds', '2', '--on-denied', 'wait', '--max-wait-seconds', '60', '--scope-expression', 'e2e-throttle']));
  }
  return { repo, ids: {}, keys, via, legacyRefusal };
}
