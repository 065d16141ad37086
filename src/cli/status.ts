import { Option, type Command } from 'commander';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildStatusReport, keysToRecheck, settleReport, statusExitCode } from '../ops/status.js';
import { formatStatusJson, formatStatusTable } from '../ops/format.js';
import { compileScopeGlob } from '../ops/scope-glob.js';
import { keyLayoutOfClient, readKeys, readLockKeys, readLockNodeWaiters } from '../ops/redis-client.js';
import { InputError } from '../errors.js';
import { withExamples } from './program.js';
import { REDIS_PRECEDENCE, resolveRedis, withRedisOptions, withResolvedRedis, type RedisTargetOptions } from './redis-target.js';

interface StatusOptions extends RedisTargetOptions {
  scope?: string;
  format: 'table' | 'json';
  recheckMs: number;
}

/** Long enough for an n8n execution to get from its INCR to its sidecar SET, short enough for a check. */
const DEFAULT_RECHECK_MS = 1000;

export function registerStatus(program: Command): void {
  const command = withRedisOptions(
    program.command('status').description('show every live lock (holder, age, TTL, problems) and rate-limit bucket in Redis; exit 1 when any is flagged'),
  )
    .option('--scope <glob>', 'only scopes matching this Redis-style glob (*, ?, [a-z])')
    .addOption(new Option('--format <format>', 'table for people, json for scripts').choices(['table', 'json']).default('table'))
    .addOption(
      new Option('--recheck-ms <ms>', 'read flagged keys again after this pause and keep only flags seen twice (acquire and release pass through flagged states for a moment); 0 = off')
        .argParser(nonNegativeInt('--recheck-ms'))
        .default(DEFAULT_RECHECK_MS),
    )
    .action(async (options: StatusOptions) => {
      const resolved = await resolveRedis(options, 'status');
      const { target, source } = resolved;
      if (options.scope !== undefined) compileScopeGlob(options.scope); // a bad glob is exit 2 before connecting
      const context = { redis: target.display, redisSource: source, scopeGlob: options.scope };
      const report = await withResolvedRedis(resolved, async (client) => {
        const layout = keyLayoutOfClient(client);
        const [scan, lockNodeWaiters] = await Promise.all([readLockKeys(client), readLockNodeWaiters(client)]);
        const first = buildStatusReport(scan.readings, { ...context, layout, lockNodeWaiters, nowMs: Date.now(), roundTrips: scan.roundTrips });
        const recheck = keysToRecheck(first, layout);
        if (options.recheckMs === 0 || recheck.length === 0) return first;
        await sleep(options.recheckMs);
        const again = await readKeys(client, recheck);
        return settleReport(first, again.readings, { ...context, layout, lockNodeWaiters, nowMs: Date.now(), roundTrips: scan.roundTrips + again.roundTrips });
      });
      process.stdout.write(options.format === 'json' ? formatStatusJson(report) : formatStatusTable(report));
      process.exitCode = statusExitCode(report);
    });
  withExamples(command, [
    'n8n-lock status --env prod                      # redis.url of envs/prod.yml',
    'n8n-lock status --redis-url redis://:secret@redis.internal:6379/0',
    "N8N_LOCK_REDIS_URL=rediss://redis.example.com:6380/0 n8n-lock status --scope 'billing-*'",
    'n8n-lock status --redis-url redis-cluster://:secret@redis-1:6379,redis-2:6379   # every master of the Cluster',
    'n8n-lock status --redis-url redis-sentinel://sentinel-1:26379,sentinel-2:26379/0#mymaster',
    "n8n-lock status --format json | jq '.locks[] | select(.flags | length > 0) | .scope'",
    'n8n-lock status > /dev/null || logger -t n8n-lock "a lock needs attention"   # cron check: exit 1 = something flagged',
  ]);
  command.addHelpText('after', `Which Redis: ${REDIS_PRECEDENCE}; the first line names it and where it came from.\n`);
  command.addHelpText('after', 'WAITERS is ? per scope (nothing records who waits for a scope); the line under the table counts the Lock node\'s waiters blocked now, all scopes together.\n');
  command.addHelpText('after', 'Exit codes: 0 nothing flagged, 1 some lock or bucket flagged, 2 bad input or Redis unreachable.\n');
}

function nonNegativeInt(flag: string): (value: string) => number {
  return (value: string) => {
    if (!/^\d+$/.test(value.trim())) throw new InputError(`${flag} must be a whole number of milliseconds, 0 or more (got "${value}")`);
    return Number(value);
  };
}
