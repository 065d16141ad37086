import { InputError } from '../errors.js';
import { DEFAULT_PORT, DEFAULT_SENTINEL_PORT, formatHostList, parseHostList, type Topology } from 'n8n-lock-protocol/topology';

/** Where `status` and `unlock` connect when neither `--redis-url`, the env variable nor `--env` says. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/0';
export const REDIS_URL_ENV = 'N8N_LOCK_REDIS_URL';

/** A parsed connection target. `display` is the URL with any password masked: the only form ever printed. */
export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** rediss:// without verifying the server's certificate (a self-signed server): --tls-insecure. */
  tlsInsecure?: boolean;
  /** Standalone (host, port), or a Cluster's seed nodes, or a Sentinel set and the master's name. */
  topology: Topology;
  display: string;
}

/** Where the URL came from: `--redis-url`, `$N8N_LOCK_REDIS_URL`, the env file's path (`envs/dev.yml`), or `default`. */
export interface PickedRedisUrl {
  url: string;
  source: string;
  /** The env file's `redis.tlsInsecure`, only when its url is the one picked. */
  tlsInsecure?: boolean;
}

/** An env file's `redis` section as --env hands it over: `file` names it in messages. */
export interface EnvRedis {
  file: string;
  name: string;
  url?: string;
  tlsInsecure?: boolean;
}

/**
 * Flag first, then the environment variable, then the --env file's `redis.url`, then the local
 * default. An --env file without a url is an error only when it would have been used: with a flag
 * or the variable set, --env may still be there for its n8n.url (unlock).
 */
export function pickRedisUrl(flag: string | undefined, env: Record<string, string | undefined>, envFile?: EnvRedis): PickedRedisUrl {
  if (flag !== undefined && flag !== '') return { url: flag, source: '--redis-url' };
  const fromEnv = env[REDIS_URL_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return { url: fromEnv, source: `$${REDIS_URL_ENV}` };
  if (envFile) {
    if (!envFile.url) throw new InputError(`--env ${envFile.name}: ${envFile.file} has no redis.url (add redis: { url: redis://host:6379/0 } there, or pass --redis-url)`);
    return { url: envFile.url, source: envFile.file, ...(envFile.tlsInsecure ? { tlsInsecure: true } : {}) };
  }
  return { url: DEFAULT_REDIS_URL, source: 'default' };
}

/**
 * The source as the first line of output says it. The default gets the most words: it is the one
 * that can be silently wrong (another Redis on 127.0.0.1:6379 looks healthy and empty).
 */
export function describeRedisSource(source: string): string {
  return source === 'default' ? `default: no --redis-url, $${REDIS_URL_ENV} or --env` : `from ${source}`;
}

/**
 * Replaces the credentials of a redis URL with `***` (keeping a username, which is not secret).
 * Works on text that is not a valid URL too, because the text of a rejected URL still ends up in
 * the error message. Userinfo runs to the LAST `@` before the path: passwords may contain `@`.
 */
export function maskRedisUrl(raw: string): string {
  const schemeEnd = raw.indexOf('://');
  if (schemeEnd === -1) return raw.includes('@') ? `***@${raw.slice(raw.lastIndexOf('@') + 1)}` : raw;
  const authorityStart = schemeEnd + 3;
  const rest = raw.slice(authorityStart);
  const at = rest.lastIndexOf('@');
  if (at === -1) return raw;
  const userinfo = rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  // No colon: `redis://secret@host` is read as a username by ioredis, but people write passwords there.
  const masked = colon === -1 ? '***' : `${userinfo.slice(0, colon)}:***`;
  return `${raw.slice(0, authorityStart)}${masked}${rest.slice(at)}`;
}

/** The text between `scheme://` and the last `@` before the host (passwords may contain `@`), or undefined. */
function userinfoOf(raw: string): string | undefined {
  const schemeEnd = raw.indexOf('://');
  if (schemeEnd === -1) return undefined;
  const rest = raw.slice(schemeEnd + 3);
  const at = rest.lastIndexOf('@');
  return at === -1 ? undefined : rest.slice(0, at);
}

/** Applies --tls-insecure: only meaningful (and only accepted) with a rediss:// URL. */
export function withTlsInsecure(target: RedisTarget, tlsInsecure: boolean | undefined): RedisTarget {
  if (!tlsInsecure) return target;
  if (!target.tls) throw new InputError(`--tls-insecure needs a rediss:// (or rediss-cluster://, rediss-sentinel://) URL (got ${target.display})`);
  return { ...target, tlsInsecure: true };
}

const URL_FORMS = 'redis://[user:password@]host:port/db, rediss://... for TLS, redis-cluster://host:port,host:port or redis-sentinel://host:port,host:port/db#master';

const decodeComponent = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * Parses `redis://[[user]:password@]host[:port][/db]` (or `rediss://` for TLS), and the two forms
 * with a host list, spelled as Lettuce (the Java client) spells them:
 *   redis-cluster://[user:password@]host:port,host:port        seed nodes of a Cluster (database 0 only)
 *   redis-sentinel://[user:password@]host:port,host:port[/db]#master   sentinels and the master's name
 * (`rediss-cluster://`, `rediss-sentinel://` for TLS). The user and password are the data nodes'.
 * Throws InputError (exit 2) naming the masked URL and what is wrong.
 */
export function parseRedisUrl(raw: string): RedisTarget {
  const shown = maskRedisUrl(raw);
  const fail = (why: string): never => {
    throw new InputError(`invalid Redis URL "${shown}": ${why} (expected ${URL_FORMS})`);
  };
  // Characters that end the userinfo of a URL (/ ? #) or start an escape (%) must be percent-encoded
  // in a password; unencoded, the URL parses as something else or not at all.
  const userinfo = userinfoOf(raw);
  if (userinfo !== undefined) {
    const bad = [...new Set(userinfo.match(/[/?#\s]|%(?![0-9A-Fa-f]{2})/g) ?? [])];
    if (bad.length) fail(`the password (or user) contains ${bad.map((c) => JSON.stringify(c)).join(', ')}, which must be percent-encoded in a URL (${bad.map((c) => `${JSON.stringify(c)} as ${encodeURIComponent(c) === c ? '%25' : encodeURIComponent(c)}`).join(', ')})`);
  }
  const multi = /^(rediss?)-(cluster|sentinel):\/\//i.exec(raw);
  if (multi) return parseHostListUrl(raw, multi[1].toLowerCase() === 'rediss', multi[2].toLowerCase() as 'cluster' | 'sentinel', userinfo, fail);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('not a URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') fail(`unsupported scheme "${url.protocol}"`);
  // WHATWG keeps IPv6 brackets in hostname; net.connect wants them off.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') fail('no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d+$/.test(dbText)) fail(`database "${dbText}" is not a number`);
  const db = dbText === '' ? 0 : Number(dbText);
  const username = url.username === '' ? undefined : decodeComponent(url.username);
  const password = url.password === '' ? undefined : decodeComponent(url.password);
  // Normalised (port and db always shown) so messages say exactly where we connected.
  const credentials = url.password ? `${url.username}:***@` : url.username ? '***@' : '';
  const display = `${url.protocol}//${credentials}${url.hostname}:${port}/${db}`;
  return { host, port, db, ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}), tls: url.protocol === 'rediss:', topology: { kind: 'standalone' }, display };
}

/** The Cluster and Sentinel forms: a host list where a URL has one host, which WHATWG URL cannot parse. */
function parseHostListUrl(raw: string, tls: boolean, kind: 'cluster' | 'sentinel', userinfo: string | undefined, fail: (why: string) => never): RedisTarget {
  const scheme = raw.slice(0, raw.indexOf('://'));
  let rest = raw.slice(raw.indexOf('://') + 3);
  if (userinfo !== undefined) rest = rest.slice(userinfo.length + 1);
  const hash = rest.indexOf('#');
  const fragment = hash === -1 ? '' : decodeComponent(rest.slice(hash + 1));
  if (hash !== -1) rest = rest.slice(0, hash);
  if (rest.includes('?')) fail('query parameters are not supported');
  const slash = rest.indexOf('/');
  const hostText = slash === -1 ? rest : rest.slice(0, slash);
  const dbText = slash === -1 ? '' : rest.slice(slash + 1);
  if (dbText !== '' && !/^\d+$/.test(dbText)) fail(`database "${dbText}" is not a number`);
  const db = dbText === '' ? 0 : Number(dbText);
  const hosts = parseHostList(hostText.replace(/,/g, ' '), kind === 'sentinel' ? DEFAULT_SENTINEL_PORT : DEFAULT_PORT);
  if (!hosts.ok) return fail(hosts.reason);
  let username: string | undefined;
  let password: string | undefined;
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    username = colon === -1 ? undefined : decodeComponent(userinfo.slice(0, colon)) || undefined;
    password = decodeComponent(colon === -1 ? userinfo : userinfo.slice(colon + 1)) || undefined;
  }
  let topology: Topology;
  if (kind === 'cluster') {
    if (db !== 0) fail(`database ${db}: a Redis Cluster has database 0 only`);
    if (fragment !== '') fail('a Cluster URL names no master (#...): that is the Sentinel form, redis-sentinel://');
    topology = { kind: 'cluster', nodes: hosts.hosts };
  } else {
    if (fragment === '') fail('no master name: end the URL with #<name the sentinels know the master by>, e.g. redis-sentinel://sentinel-1:26379/0#mymaster');
    topology = { kind: 'sentinel', sentinels: hosts.hosts, masterName: fragment };
  }
  const credentials = password !== undefined ? `${username !== undefined ? encodeURIComponent(username) : ''}:***@` : username !== undefined ? '***@' : '';
  const display = `${scheme.toLowerCase()}://${credentials}${formatHostList(hosts.hosts)}${kind === 'sentinel' ? `/${db}#${fragment}` : ''}`;
  const [first] = hosts.hosts;
  return { host: first.host, port: first.port, db, ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}), tls, topology, display };
}
