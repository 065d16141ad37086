// The Redis that status, unlock and functions status read: their shared options and the choice
// between --redis-url, $N8N_LOCK_REDIS_URL, the --env file's redis.url and the default.
import { Option, type Command } from 'commander';
import { InputError } from '../errors.js';
import { DEFAULT_REDIS_URL, describeRedisSource, maskRedisUrl, parseRedisUrl, pickRedisUrl, REDIS_URL_ENV, withTlsInsecure, type EnvRedis, type PickedRedisUrl, type RedisTarget } from '../ops/redis-url.js';
import { RedisUnavailableError, withRedis, type RedisClient } from '../ops/redis-client.js';
import { withCwd } from './program.js';

export interface RedisTargetOptions {
  redisUrl?: string;
  tlsInsecure?: boolean;
  env?: string;
  cwd?: string;
}

/** The precedence, said once for every --help that has the option. */
export const REDIS_PRECEDENCE = `--redis-url, else $${REDIS_URL_ENV}, else redis.url of the --env file, else ${DEFAULT_REDIS_URL}`;

export function redisUrlOption(): Option {
  return new Option('--redis-url <url>', `redis://[[user]:password@]host:port/db, rediss://... for TLS (default: $${REDIS_URL_ENV}, else redis.url of the --env file, else ${DEFAULT_REDIS_URL}); percent-encode / ? # % and spaces in a password; a Cluster: redis-cluster://host:port,host:port (every master is read); Sentinel: redis-sentinel://host:26379,host:26379/db#master`);
}

export function tlsInsecureOption(): Option {
  return new Option('--tls-insecure', 'with rediss://: do not verify the server certificate (a self-signed server; a private CA is better trusted with NODE_EXTRA_CA_CERTS)');
}

/** --redis-url, --tls-insecure, --env and --cwd: the options of every command that reads the locks' Redis. */
export function withRedisOptions(command: Command): Command {
  command
    .addOption(redisUrlOption())
    .addOption(tlsInsecureOption())
    .option('--env <name>', `read the Redis URL from redis.url of envs/<name>.yml (precedence: ${REDIS_PRECEDENCE})`);
  return withCwd(command);
}

/** The env file's `redis` section; loaded only with --env, so a plain status never loads the YAML and schema modules. */
async function envRedisOf(options: RedisTargetOptions, command: string): Promise<{ redis: EnvRedis; n8nUrl?: string } | undefined> {
  if (options.env === undefined) return undefined;
  const { env } = (await import('./envs.js')).loadOneEnv(options.cwd ?? '.', options.env, command);
  const section = env.data.redis;
  const n8nUrl = env.data.n8n?.url;
  return { redis: { name: env.name, file: env.file, url: section?.url, tlsInsecure: section?.tlsInsecure }, ...(n8nUrl ? { n8nUrl } : {}) };
}

export interface ResolvedRedis {
  target: RedisTarget;
  /** `--redis-url`, `$N8N_LOCK_REDIS_URL`, the env file (`envs/dev.yml`) or `default`. */
  source: string;
  /** The --env file's n8n.url, for unlock's look at the holder's execution. */
  envN8nUrl?: string;
}

/** The URL the options pick (flag, variable, --env file, default), and the --env file's n8n.url. */
async function pickRedis(options: RedisTargetOptions, command: string): Promise<{ picked: PickedRedisUrl; envN8nUrl?: string }> {
  const env = await envRedisOf(options, command);
  return { picked: pickRedisUrl(options.redisUrl, process.env, env?.redis), ...(env?.n8nUrl ? { envN8nUrl: env.n8nUrl } : {}) };
}

const targetOf = (picked: PickedRedisUrl, options: RedisTargetOptions) => withTlsInsecure(parseRedisUrl(picked.url), options.tlsInsecure || picked.tlsInsecure);

/** The Redis target of the options, with --tls-insecure (or the env file's tlsInsecure) applied. */
export async function resolveRedis(options: RedisTargetOptions, command: string): Promise<ResolvedRedis> {
  const { picked, envN8nUrl } = await pickRedis(options, command);
  return { target: targetOf(picked, options), source: picked.source, ...(envN8nUrl ? { envN8nUrl } : {}) };
}

/**
 * resolveRedis for a server that keeps running: a URL that does not parse is not thrown but
 * returned as why, naming where it came from, for the server to show (the dashboard's page).
 */
export async function resolveRedisOrWhy(options: RedisTargetOptions, command: string): Promise<ResolvedRedis | { why: string; display: string; source: string; envN8nUrl?: string }> {
  const { picked, envN8nUrl } = await pickRedis(options, command);
  try {
    return { target: targetOf(picked, options), source: picked.source, ...(envN8nUrl ? { envN8nUrl } : {}) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { why: `${error.message}; fix ${picked.source === 'default' ? '--redis-url' : picked.source}`, display: maskRedisUrl(picked.url), source: picked.source, ...(envN8nUrl ? { envN8nUrl } : {}) };
  }
}

/**
 * withRedis, and when the connection fails the line names where the URL came from too: that line
 * is then the command's first (and only) output, and a default or stale variable is the likely cause.
 */
export async function withResolvedRedis<T>(resolved: ResolvedRedis, work: (client: RedisClient) => Promise<T>): Promise<T> {
  try {
    return await withRedis(resolved.target, work);
  } catch (error) {
    if (error instanceof RedisUnavailableError && resolved.source !== '--redis-url') {
      const { display } = resolved.target;
      error.message = error.message.replace(display, `${display} (${describeRedisSource(resolved.source)})`);
    }
    throw error;
  }
}
