import { Option, type Command } from 'commander';
import { untilSignal, withExamples } from './program.js';
import { REDIS_PRECEDENCE, resolveRedis, withRedisOptions, type RedisTargetOptions } from './redis-target.js';
import { DEFAULT_LISTEN, formatAddress, parseListen } from '../metrics/listen.js';
import { startExporter } from '../metrics/server.js';

interface MetricsOptions extends RedisTargetOptions {
  listen: string;
}

export function registerMetrics(program: Command): void {
  const command = withRedisOptions(
    program.command('metrics').description('serve Prometheus metrics at /metrics: what the Lock, Rate Limit and function nodes recorded in Redis (from every n8n process), and the live locks, waiters, rate-limit windows and function backlogs'),
  ).addOption(new Option('--listen <host:port>', 'where to serve /metrics (port 0: any free port, printed at start); 0.0.0.0 exposes it to the network').default(DEFAULT_LISTEN));
  command.action(async (options: MetricsOptions) => {
    // Bad input stops here, before anything listens: a bad URL or --listen is exit 2.
    const listen = parseListen(options.listen);
    const { target, source } = await resolveRedis(options, 'metrics');
    const exporter = await startExporter(target, listen, (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`n8n-lock metrics: serving http://${formatAddress(exporter.address)}/metrics for ${target.display} (${source})\n`);
    await untilSignal(() => exporter.close());
  });
  withExamples(command, [
    'n8n-lock metrics --redis-url redis://127.0.0.1:6379/0                 # http://127.0.0.1:9464/metrics',
    'n8n-lock metrics --env prod --listen 0.0.0.0:9464                     # redis.url of envs/prod.yml, on every interface',
    'n8n-lock metrics --redis-url rediss://n8nlock:secret@redis.internal:6380/0',
    'n8n-lock metrics --redis-url redis-cluster://redis-1:6379,redis-2:6379   # every master of the Cluster',
    'n8n-lock metrics --redis-url redis-sentinel://sentinel-1:26379,sentinel-2:26379/0#mymaster',
    "curl -s http://127.0.0.1:9464/metrics | grep '^n8n_lock_up'",
  ]);
  command.addHelpText('after', `Which Redis: ${REDIS_PRECEDENCE}.\n`);
  command.addHelpText('after', 'A Redis that cannot be read is served as n8n_lock_up 0, with the reason on stderr; the scrape itself succeeds.\n');
  command.addHelpText('after', 'Exit codes: 0 stopped by SIGINT or SIGTERM, 2 bad input (an unknown flag, a bad URL or --listen, a port in use).\n');
}
