import { Option, type Command } from 'commander';
import { readText } from './io.js';
import { untilSignal, withCwd, withExamples } from './program.js';
import { redisUrlOption, resolveRedisOrWhy, tlsInsecureOption, type RedisTargetOptions } from './redis-target.js';
import { n8nApiFor, n8nUrlOf } from './n8n-target.js';
import { NO_N8N_URL } from '../ops/holder-liveness.js';
import { askN8n } from '../ops/unlock-run.js';
import { formatAddress } from '../metrics/listen.js';
import { DEFAULT_DASHBOARD_LISTEN, DEFAULT_INTERVAL_MS, dashboardEnv, dashboardSettings, envBoolean, TOKEN_ENV } from '../dashboard/settings.js';
import { LiveDashboard, type LiveTarget } from '../dashboard/live.js';
import { startDashboardServer } from '../dashboard/server.js';

interface DashboardOptions extends RedisTargetOptions {
  listen: string;
  n8nUrl?: string;
  apiKeyFile?: string;
  allowActions?: boolean;
  tokenFile?: string;
  intervalMs: string | number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export function registerDashboard(program: Command): void {
  const env = (option: Option) => option.env(dashboardEnv(option.long!));
  const command = program
    .command('dashboard')
    .description('serve a live page of every lock, semaphore, rate limit, function and queue in Redis, with the last hour\'s waits, holds and denials; with --allow-actions and a token, unlock and retry dead jobs from it')
    .addOption(env(redisUrlOption()))
    .addOption(env(tlsInsecureOption()))
    .addOption(env(new Option('--env <name>', 'read the Redis URL (redis.url) and the n8n URL (n8n.url) from envs/<name>.yml')))
    .addOption(env(new Option('--listen <host:port>', 'where to serve the page (port 0: any free port, printed at start); beyond loopback needs the token, which the page then asks for').default(DEFAULT_DASHBOARD_LISTEN)))
    .addOption(env(new Option('--n8n-url <url>', 'link each holder\'s execution into this n8n\'s editor; with N8N_API_KEY (or --api-key-file) unlock also asks it whether the holder still runs (default: n8n.url of the --env file)')))
    .addOption(env(new Option('--api-key-file <file>', 'read the n8n API key (scope execution:read) from this file (default: the N8N_API_KEY environment variable)')))
    .addOption(env(new Option('--allow-actions', `show the unlock and retry controls and accept them (needs the token in $${TOKEN_ENV} or --token-file); without it the page is read-only and every POST answers 403`)))
    .addOption(env(new Option('--token-file <file>', `read the token from this file instead of $${TOKEN_ENV}`)))
    .addOption(env(new Option('--interval-ms <ms>', 'how often the page updates, 100 to 1000').default(DEFAULT_INTERVAL_MS)));
  withCwd(command);
  command.options.find((option) => option.long === '--cwd')?.env(dashboardEnv('--cwd'));
  command.action(async (options: DashboardOptions) => {
    // A boolean flag's variable means what it says: N8N_LOCK_DASHBOARD_ALLOW_ACTIONS=false is off.
    for (const flag of ['allowActions', 'tlsInsecure'] as const) {
      if (command.getOptionValueSource(flag) === 'env') {
        const name = dashboardEnv(flag === 'allowActions' ? '--allow-actions' : '--tls-insecure');
        options[flag] = envBoolean(name, process.env[name] ?? '');
      }
    }
    const token = options.tokenFile ? readText(options.tokenFile, '--token-file') : process.env[TOKEN_ENV];
    const resolved = await resolveRedisOrWhy(options, 'dashboard');
    const settings = dashboardSettings({ listen: options.listen, allowActions: Boolean(options.allowActions), token, tokenSource: options.tokenFile ? `--token-file ${options.tokenFile}` : undefined, intervalMs: options.intervalMs, n8nUrl: n8nUrlOf(options, resolved.envN8nUrl) });
    // The URL's source as the operator set it: the dashboard's own variable feeds --redis-url.
    const source = resolved.source === '--redis-url' && command.getOptionValueSource('redisUrl') === 'env' ? `$${dashboardEnv('--redis-url')}` : resolved.source;
    const target: LiveTarget = 'target' in resolved ? { target: resolved.target, source } : { error: resolved.why.replace('fix --redis-url', `fix ${source}`), display: resolved.display };
    const keyGiven = Boolean(options.apiKeyFile || process.env.N8N_API_KEY?.trim());
    const n8n = settings.n8nUrl && keyGiven ? { api: n8nApiFor(settings.n8nUrl, options) } : { why: settings.n8nUrl ? `no API key to ask ${settings.n8nUrl} with (N8N_API_KEY or --api-key-file)` : NO_N8N_URL };
    const live = new LiveDashboard(target, { intervalMs: settings.intervalMs, n8nUrl: settings.n8nUrl, log });
    const server = await startDashboardServer({ settings, live, version: program.version() ?? '', askN8n: (holder) => askN8n(holder, n8n), log });
    await live.start();
    const mode = settings.allowActions ? 'actions allowed (token required)' : 'read-only';
    process.stdout.write(`n8n-lock dashboard: serving http://${formatAddress(server.address)}/ for ${live.display} (${source}), ${mode}\n`);
    await untilSignal(() => {
      live.stop();
      return server.close();
    });
  });
  withExamples(command, [
    'n8n-lock dashboard --redis-url redis://127.0.0.1:6379/0                     # http://127.0.0.1:8080/, read-only',
    'n8n-lock dashboard --env prod --n8n-url https://n8n.example.com           # executions link into n8n',
    'N8N_LOCK_DASHBOARD_TOKEN=$(cat ~/.n8n-lock-token) n8n-lock dashboard --env prod --allow-actions',
    'N8N_LOCK_DASHBOARD_TOKEN=... n8n-lock dashboard --listen 0.0.0.0:8080      # beyond loopback: the page asks for the token',
    'N8N_LOCK_DASHBOARD_REDIS_URL=redis-sentinel://sentinel-1:26379/0#mymaster N8N_LOCK_DASHBOARD_LISTEN=127.0.0.1:9000 n8n-lock dashboard',
  ]);
  command.addHelpText(
    'after',
    [
      '',
      `Every flag also has a variable: --listen is ${dashboardEnv('--listen')}, --redis-url is ${dashboardEnv('--redis-url')}, and so on (shown above as env:).`,
      `Precedence: the flag, then its variable, then the --env file (redis.url, n8n.url), then the default; --redis-url then also falls back to $N8N_LOCK_REDIS_URL before the env file.`,
      `The token is only ever read from $${TOKEN_ENV} or --token-file: a flag's value would show in ps.`,
      'A Redis that cannot be read (down, a wrong password, a URL that does not parse) keeps the server up: the page says why, naming the flag, and recovers by itself.',
      '',
      'Exit codes: 0 stopped by SIGINT or SIGTERM, 2 bad input (a port in use, --allow-actions without a token, beyond loopback without a token, a bad --listen or --interval-ms).',
      '',
    ].join('\n'),
  );
}
