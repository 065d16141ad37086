import { InputError } from '../errors.js';

/** Where `status` and `unlock` connect when neither `--redis-url` nor the env variable is set. */
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
  display: string;
}

/** Flag first, then the environment, then the local default. `source` says which one won, for messages. */
export function pickRedisUrl(flag: string | undefined, env: Record<string, string | undefined>): { url: string; source: string } {
  if (flag !== undefined && flag !== '') return { url: flag, source: '--redis-url' };
  const fromEnv = env[REDIS_URL_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return { url: fromEnv, source: REDIS_URL_ENV };
  return { url: DEFAULT_REDIS_URL, source: 'default' };
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
  if (!target.tls) throw new InputError(`--tls-insecure needs a rediss:// URL (got ${target.display})`);
  return { ...target, tlsInsecure: true };
}

/**
 * Parses `redis://[[user]:password@]host[:port][/db]` (or `rediss://` for TLS).
 * Throws InputError (exit 2) naming the masked URL and what is wrong.
 */
export function parseRedisUrl(raw: string): RedisTarget {
  const shown = maskRedisUrl(raw);
  const fail = (why: string): never => {
    throw new InputError(`invalid Redis URL "${shown}": ${why} (expected redis://[:password@]host:port/db or rediss://... for TLS)`);
  };
  // Characters that end the userinfo of a URL (/ ? #) or start an escape (%) must be percent-encoded
  // in a password; unencoded, the URL parses as something else or not at all.
  const userinfo = userinfoOf(raw);
  if (userinfo !== undefined) {
    const bad = [...new Set(userinfo.match(/[/?#\s]|%(?![0-9A-Fa-f]{2})/g) ?? [])];
    if (bad.length) fail(`the password (or user) contains ${bad.map((c) => JSON.stringify(c)).join(', ')}, which must be percent-encoded in a URL (${bad.map((c) => `${JSON.stringify(c)} as ${encodeURIComponent(c) === c ? '%25' : encodeURIComponent(c)}`).join(', ')})`);
  }
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
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const username = url.username === '' ? undefined : decode(url.username);
  const password = url.password === '' ? undefined : decode(url.password);
  // Normalised (port and db always shown) so messages say exactly where we connected.
  const credentials = url.password ? `${url.username}:***@` : url.username ? '***@' : '';
  const display = `${url.protocol}//${credentials}${url.hostname}:${port}/${db}`;
  return { host, port, db, ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}), tls: url.protocol === 'rediss:', display };
}
