import type { Command } from 'commander';
import { InputError } from '../errors.js';
import { evalUnlock, keyLayoutOfClient, withRedis } from '../ops/redis-client.js';
import { describeUnlock, parseUnlockReply, unlockExitCode, type UnlockRequest } from '../ops/unlock.js';
import { withExamples } from './program.js';
import { REDIS_PRECEDENCE, resolveRedis, withRedisOptions, type RedisTargetOptions } from './redis-target.js';
import { describeRedisSource } from '../ops/redis-url.js';

interface UnlockOptions extends RedisTargetOptions {
  lockId?: string;
  force?: boolean;
  dryRun?: boolean;
}

export function registerUnlock(program: Command): void {
  const command = withRedisOptions(
    program
      .command('unlock')
      .description('free a lock by hand: compare-and-delete by lock_id (atomic), or --force delete whatever is there')
      .argument('<scope>', 'the lock scope (the part after n8n-lock-)'),
  )
    .option('--lock-id <id>', 'delete only if the sidecar says this lock_id holds the lock (checked and deleted in one Lua script); on a semaphore scope (Max Holders above 1), free that holder\'s permit only')
    .option('--force', 'delete the counter and sidecar whatever they hold (a semaphore scope: every permit), and print what was deleted')
    .option('--dry-run', 'show what would be deleted, delete nothing')
    .action(async (scope: string, options: UnlockOptions) => {
      if ((options.lockId !== undefined) === Boolean(options.force)) throw new InputError('unlock needs exactly one of --lock-id <id> or --force');
      if (scope === '') throw new InputError('unlock needs a non-empty scope');
      if (options.lockId === '') throw new InputError('--lock-id must not be empty');
      const { target, source } = await resolveRedis(options);
      // Named first unless typed on this very command line: a stale variable or the default can point at the wrong Redis.
      if (source !== '--redis-url') process.stderr.write(`unlock: Redis ${target.display} (${describeRedisSource(source)})\n`);
      const request: UnlockRequest = { scope, mode: options.force ? 'force' : 'lock-id', lockId: options.lockId, dryRun: Boolean(options.dryRun) };
      const reply = await withRedis(target, (client) => evalUnlock(client, Object.assign(request, { layout: keyLayoutOfClient(client) })));
      const result = parseUnlockReply(reply, request, Date.now());
      const { stdout, stderr } = describeUnlock(result);
      for (const line of stdout) process.stdout.write(`${line}\n`);
      for (const line of stderr) process.stderr.write(`${line}\n`);
      process.exitCode = unlockExitCode(result);
    });
  withExamples(command, [
    'n8n-lock unlock billing-sync --lock-id 4711            # only if execution 4711 still holds it',
    'n8n-lock unlock billing-sync --force --dry-run          # show holder and age, delete nothing',
    'n8n-lock unlock billing-sync --lock-id 4711 --env prod   # the Redis of envs/prod.yml',
    'n8n-lock unlock billing-sync --force --redis-url redis://:secret@redis.internal:6379/0',
    'n8n-lock unlock openai-api --lock-id 4712               # a semaphore scope: frees execution 4712\'s permit',
  ]);
  command.addHelpText('after', `Which Redis: ${REDIS_PRECEDENCE}; unless --redis-url is given, the first line on stderr names it and where it came from.\n`);
  command.addHelpText('after', 'Exit codes: 0 deleted (or nothing was locked), 1 refused: lock_id mismatch, no readable sidecar, or a lock_id that holds none of a semaphore\'s permits (nothing deleted), 2 bad input or Redis unreachable.\n');
}
