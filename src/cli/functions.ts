import { Option, type Command } from 'commander';
import { compileScopeGlob } from '../ops/scope-glob.js';
import { buildFunctionsReport, functionsExitCode, LIVE_WITHIN_SECONDS } from '../ops/functions-status.js';
import { formatFunctionsJson, formatFunctionsTable } from '../ops/functions-format.js';
import { readFunctionStreams } from '../ops/redis-client.js';
import { positiveInt, withExamples } from './program.js';
import { REDIS_PRECEDENCE, resolveRedis, withRedisOptions, withResolvedRedis, type RedisTargetOptions } from './redis-target.js';

interface FunctionsStatusOptions extends RedisTargetOptions {
  function?: string;
  format: 'table' | 'json';
  maxAge: number;
}

const DEFAULT_MAX_AGE_SECONDS = 60;

export function registerFunctions(program: Command): void {
  const functions = program.command('functions').description('callable functions over Redis Streams (the Function nodes of n8n-nodes-lock): inspect them');
  const status = withRedisOptions(
    functions.command('status').description('show every function stream (backlog, pending calls, oldest call, consumers and their heartbeats, dead letters); exit 1 when any is flagged'),
  )
    .option('--function <glob>', 'only functions whose name matches this Redis-style glob (*, ?, [a-z])')
    .addOption(new Option('--max-age <seconds>', 'flag a function whose oldest unanswered call is older than this').argParser(positiveInt('--max-age')).default(DEFAULT_MAX_AGE_SECONDS))
    .addOption(new Option('--format <format>', 'table for people, json for scripts').choices(['table', 'json']).default('table'))
    .action(async (options: FunctionsStatusOptions) => {
      const resolved = await resolveRedis(options, 'functions status');
      const { target, source } = resolved;
      const matches = options.function === undefined ? undefined : compileScopeGlob(options.function); // a bad glob is exit 2 before connecting
      const readings = await withResolvedRedis(resolved, (client) => readFunctionStreams(client, matches));
      const report = buildFunctionsReport(readings, { nowMs: Date.now(), redis: target.display, redisSource: source, functionGlob: options.function, maxAgeMs: options.maxAge * 1000 });
      process.stdout.write(options.format === 'json' ? formatFunctionsJson(report) : formatFunctionsTable(report));
      process.exitCode = functionsExitCode(report);
    });
  withExamples(status, [
    'n8n-lock functions status --env prod           # redis.url of envs/prod.yml',
    'n8n-lock functions status --redis-url redis://:secret@redis.internal:6379/0',
    "n8n-lock functions status --function 'crm-*' --max-age 30",
    "n8n-lock functions status --format json | jq '.functions[] | select(.flags | length > 0) | .name'",
  ]);
  status.addHelpText(
    'after',
    `Which Redis: ${REDIS_PRECEDENCE}; the first line names it and where it came from.\nA consumer is live when its heartbeat is younger than ${LIVE_WITHIN_SECONDS} s.\nExit codes: 0 nothing flagged, 1 some function flagged, 2 bad input or Redis unreachable.\n`,
  );
}
