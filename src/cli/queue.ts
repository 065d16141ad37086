import { Option, type Command } from 'commander';
import { queueNameProblem } from 'n8n-lock-protocol/queues';
import { InputError } from '../errors.js';
import { buildQueuesReport, formatJobsTable, formatQueuesTable, queuesExitCode } from '../ops/queue-report.js';
import { listQueues, peekJobs, PEEK_STATES, purgeQueue, readQueue, requireQueue, retryDeadJobs, type PeekState } from '../ops/queues.js';
import { positiveInt, withExamples } from './program.js';
import { REDIS_PRECEDENCE, resolveRedis, withRedisOptions, withResolvedRedis, type RedisTargetOptions } from './redis-target.js';

interface FormatOption {
  format: 'table' | 'json';
}

const formatOption = () => new Option('--format <format>', 'table for people, json for scripts').choices(['table', 'json']).default('table');

/** A queue name argument, checked before connecting (bad input: exit 2, nothing read). */
function queueName(name: string): string {
  const problem = queueNameProblem(name);
  if (problem) throw new InputError(`queue name "${name}" ${problem}`);
  return name;
}

export function registerQueue(program: Command): void {
  const queue = program.command('queue').description('durable queues (the Enqueue and Queue Trigger nodes of n8n-nodes-lock): inspect them, retry dead jobs, purge');
  const which = `Which Redis: ${REDIS_PRECEDENCE}.`;

  const status = withRedisOptions(queue.command('status').description('show every queue (or one): waiting, delayed, in flight, dead, the oldest waiting job\'s age and the consumers; exit 1 when any is flagged').argument('[queue]', 'one queue only'))
    .addOption(formatOption())
    .action(async (name: string | undefined, options: RedisTargetOptions & FormatOption) => {
      if (name !== undefined) queueName(name);
      const resolved = await resolveRedis(options, 'queue status');
      const readings = await withResolvedRedis(resolved, async (client) => {
        const names = name === undefined ? await listQueues(client) : (await requireQueue(client, name), [name]);
        return Promise.all(names.map((n) => readQueue(client, n)));
      });
      const report = buildQueuesReport(readings, { nowMs: Date.now(), redis: resolved.target.display, redisSource: resolved.source });
      process.stdout.write(options.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : formatQueuesTable(report));
      process.exitCode = queuesExitCode(report);
    });
  withExamples(status, ['n8n-lock queue status --env prod', 'n8n-lock queue status invoices --redis-url redis://redis.internal:6379/0', "n8n-lock queue status --format json | jq '.queues[] | select(.dead > 0) | .name'"]);
  status.addHelpText('after', `${which}\nA consumer is live when its Queue Trigger claimed or beat in the last 30 s.\nExit codes: 0 nothing flagged, 1 some queue flagged (dead jobs, waiting jobs and no live consumer, lapsed leases), 2 bad input or Redis unreachable.\n`);

  const peek = withRedisOptions(queue.command('peek').description('list the first jobs of a queue in one state, with attempts, age, last error and payload').argument('<queue>'))
    .addOption(new Option('--state <state>', 'which jobs').choices([...PEEK_STATES]).default('waiting'))
    .addOption(new Option('--count <n>', 'how many').argParser(positiveInt('--count')).default(20))
    .addOption(formatOption())
    .action(async (name: string, options: RedisTargetOptions & FormatOption & { state: PeekState; count: number }) => {
      queueName(name);
      const jobs = await withResolvedRedis(await resolveRedis(options, 'queue peek'), async (client) => {
        await requireQueue(client, name);
        return peekJobs(client, name, options.state, options.count);
      });
      process.stdout.write(options.format === 'json' ? `${JSON.stringify({ queue: name, state: options.state, jobs }, null, 2)}\n` : formatJobsTable(name, options.state, jobs, Date.now()));
    });
  withExamples(peek, ['n8n-lock queue peek invoices', 'n8n-lock queue peek invoices --state dead --count 5', 'n8n-lock queue peek invoices --state dead --format json | jq -r \'.jobs[].lastError\'']);
  peek.addHelpText('after', `${which}\nExit codes: 0 listed, 2 bad input, no such queue, or Redis unreachable.\n`);

  const retry = withRedisOptions(queue.command('retry').description('move dead jobs back to the queue (attempts start again at 0): the ids given, or all with --all').argument('<queue>').argument('[ids...]', 'dead job ids'))
    .option('--all', 'every dead job of the queue')
    .action(async (name: string, ids: string[], options: RedisTargetOptions & { all?: boolean }) => {
      queueName(name);
      if (ids.length === 0 && !options.all) throw new InputError('name the dead jobs to retry, or pass --all');
      if (ids.length > 0 && options.all) throw new InputError('give job ids or --all, not both');
      const revived = await withResolvedRedis(await resolveRedis(options, 'queue retry'), (client) => retryDeadJobs(client, name, ids));
      process.stdout.write(`queue "${name}": ${revived} dead job(s) back in the queue\n`);
    });
  withExamples(retry, ['n8n-lock queue retry invoices --all', 'n8n-lock queue retry invoices order-17 order-18 --env prod']);
  retry.addHelpText('after', `${which}\nAn id that is not dead changes nothing at all (exit 2).\nExit codes: 0 retried, 2 bad input, no such queue or job, or Redis unreachable.\n`);

  const purge = withRedisOptions(queue.command('purge').description('remove every job of a queue (waiting, delayed, dead, and in flight with --force) and the queue itself').argument('<queue>'))
    .option('--dry-run', 'count what would be removed, remove nothing')
    .option('--force', 'purge even with jobs in flight (their executions still finish; their results are ignored)')
    .action(async (name: string, options: RedisTargetOptions & { dryRun?: boolean; force?: boolean }) => {
      queueName(name);
      const counts = await withResolvedRedis(await resolveRedis(options, 'queue purge'), (client) => purgeQueue(client, name, { force: Boolean(options.force), dryRun: Boolean(options.dryRun) }));
      const what = `${counts.waiting} waiting, ${counts.delayed} delayed, ${counts.active} in flight, ${counts.dead} dead`;
      process.stdout.write(options.dryRun ? `queue "${name}": would purge ${what} (dry run: nothing removed)\n` : `queue "${name}": purged ${what}\n`);
    });
  withExamples(purge, ['n8n-lock queue purge invoices --dry-run', 'n8n-lock queue purge invoices --force --env prod']);
  purge.addHelpText('after', `${which}\nCompleted jobs' ids keep deduplicating until their retention ends.\nExit codes: 0 purged (or counted), 2 bad input, no such queue, jobs in flight without --force, or Redis unreachable.\n`);
}
