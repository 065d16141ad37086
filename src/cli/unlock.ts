import type { Command } from 'commander';
import { InputError } from '../errors.js';
import { withRedis } from '../ops/redis-client.js';
import { describeUnlock, unlockExitCode, type UnlockRequest } from '../ops/unlock.js';
import { NO_N8N_URL } from '../ops/holder-liveness.js';
import { askN8n, runUnlock } from '../ops/unlock-run.js';
import type { N8nApi } from '../deploy/n8n-api.js';
import { describeRedisSource } from '../ops/redis-url.js';
import { warn, withExamples } from './program.js';
import { REDIS_PRECEDENCE, resolveRedis, withRedisOptions, type RedisTargetOptions } from './redis-target.js';
import { n8nApiFor, n8nUrlOf, type N8nApiOptions } from './n8n-target.js';

interface UnlockOptions extends RedisTargetOptions, N8nApiOptions {
  lockId?: string;
  force?: boolean;
  dryRun?: boolean;
}

/**
 * The n8n to ask, or why there is none. Asked for by flag or key (--n8n-url, --api-key-file,
 * N8N_API_KEY), a missing part is exit 2 before Redis is touched; an env file's n8n.url alone (kept
 * there for deploy) without a key is only "cannot tell", so --force still works without one.
 */
function n8nToAsk(options: UnlockOptions, envN8nUrl: string | undefined): { api: N8nApi } | { why: string } {
  const url = n8nUrlOf(options, envN8nUrl);
  const keyGiven = Boolean(options.apiKeyFile || process.env.N8N_API_KEY?.trim());
  if (url && (options.n8nUrl || keyGiven)) return { api: n8nApiFor(url, options) };
  if (url) return { why: `the --env file names n8n at ${url}, but there is no API key to ask it with (N8N_API_KEY or --api-key-file)` };
  return { why: NO_N8N_URL };
}

export function registerUnlock(program: Command): void {
  const command = withRedisOptions(
    program
      .command('unlock')
      .description('free a lock by hand: compare-and-delete by lock_id (atomic), or --force delete whatever is there; refuses a holder whose execution may still run unless --force')
      .argument('<scope>', 'the lock scope (the part after n8n-lock-)'),
  )
    .option('--lock-id <id>', 'delete only if the sidecar says this lock_id holds the lock (checked and deleted in one Lua script); on a semaphore scope (Max Holders above 1), free that holder\'s permit only')
    .option('--force', 'without --lock-id: delete the counter and sidecar whatever they hold (a semaphore scope: every permit), and print what was deleted; with either: free the lock even when its holder\'s execution is still running, or n8n cannot say')
    .option('--n8n-url <url>', 'ask this n8n (public API, GET /api/v1/executions/<id>) whether the holder\'s execution still runs (default: n8n.url of the --env file)')
    .option('--api-key-file <file>', 'read the n8n API key (scope execution:read) from this file (default: the N8N_API_KEY environment variable)')
    .option('--dry-run', 'show what would be deleted, delete nothing')
    .action(async (scope: string, options: UnlockOptions) => {
      if (options.lockId === undefined && !options.force) throw new InputError('unlock needs --lock-id <id>, --force, or both');
      if (scope === '') throw new InputError('unlock needs a non-empty scope');
      if (options.lockId === '') throw new InputError('--lock-id must not be empty');
      const { target, source, envN8nUrl } = await resolveRedis(options, 'unlock');
      const n8n = n8nToAsk(options, envN8nUrl);
      // Named first unless typed on this very command line: a stale variable or the default can point at the wrong Redis.
      if (source !== '--redis-url') warn(`unlock: Redis ${target.display} (${describeRedisSource(source)})`);
      const request: UnlockRequest = { scope, mode: options.lockId !== undefined ? 'lock-id' : 'force', lockId: options.lockId, dryRun: Boolean(options.dryRun) };
      const run = await withRedis(target, (client) => runUnlock(client, request, { force: Boolean(options.force), noN8n: !('api' in n8n), ask: (holder) => askN8n(holder, n8n) }));
      for (const line of run.holderLines) warn(line);
      const result = run.refused ? null : run.result;
      if (result === null) {
        process.exitCode = 1;
        return;
      }
      const { stdout, stderr } = describeUnlock(result);
      for (const line of stdout) process.stdout.write(`${line}\n`);
      for (const line of stderr) process.stderr.write(`${line}\n`);
      process.exitCode = unlockExitCode(result);
    });
  withExamples(command, [
    'N8N_API_KEY=... n8n-lock unlock billing-sync --lock-id 4711 --env prod   # Redis and n8n of envs/prod.yml; refused while execution 4711 runs',
    'n8n-lock unlock billing-sync --lock-id 4711 --force     # no n8n to ask: you vouch that execution 4711 has stopped',
    'n8n-lock unlock billing-sync --force --dry-run          # show holder and age, delete nothing',
    'n8n-lock unlock billing-sync --force --redis-url redis://:secret@redis.internal:6379/0',
    'n8n-lock unlock openai-api --lock-id 4712 --n8n-url https://n8n.example.com   # a semaphore scope: frees execution 4712\'s permit',
  ]);
  command.addHelpText(
    'after',
    [
      '',
      'A holder that is still running: freeing its lock lets the next waiter in while it still works, its own',
      'release then fails with "LOGIC ERROR: ... not by lock_id <id>", and its caller gets an error after the',
      'work finished. So unlock asks n8n (--n8n-url or the --env file\'s n8n.url, with N8N_API_KEY) about the',
      'execution the sidecar names: running, new or waiting (parked in a Wait node) is refused; success, error,',
      'crashed or canceled goes on. Without an n8n to ask, or when n8n cannot say (404: deleted, another',
      'instance, or a workflow the key cannot read), it cannot tell, so it refuses too: --force frees it anyway',
      '(and says what that does). A holder killed with its n8n process reads as running until n8n restarts.',
      '',
      `Which Redis: ${REDIS_PRECEDENCE}; unless --redis-url is given, the first line on stderr names it and where it came from.`,
      '',
    ].join('\n'),
  );
  command.addHelpText('after', 'Exit codes: 0 deleted (or nothing was locked), 1 refused: a holder that runs or may run (without --force), lock_id mismatch, no readable sidecar, or a lock_id that holds none of a semaphore\'s permits (nothing deleted), 2 bad input, Redis or the n8n API key missing or Redis unreachable.\n');
}
