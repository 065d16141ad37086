// Connections from the stock n8n `redis` credential (host, port, user, password, database, ssl,
// disableTlsVerification), the way n8n's own Redis node reads it.
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisCredential {
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: number;
  ssl?: boolean;
  disableTlsVerification?: boolean;
}

/** Connecting (TCP, TLS, AUTH, SELECT) must finish within this, or the node fails with a clear error. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function redisOptions(credential: RedisCredential): RedisOptions {
  const host = credential.host || 'localhost';
  return {
    host,
    port: Number(credential.port) || 6379,
    db: Number(credential.database) || 0,
    ...(credential.user ? { username: credential.user } : {}),
    ...(credential.password ? { password: credential.password } : {}),
    ...(credential.ssl ? { tls: credential.disableTlsVerification ? { rejectUnauthorized: false } : { servername: host } } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    lazyConnect: true,
  };
}

/**
 * A connection that gives up: no reconnect, no offline queue. For callers and Return From Function,
 * whose work is bounded by a deadline: a dead Redis fails the item instead of hanging it.
 */
export async function connectOnce(credential: RedisCredential, name: string): Promise<Redis> {
  const client = new Redis({
    ...redisOptions(credential),
    connectionName: name,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    disconnectTimeout: 200,
  });
  return connect(client, credential);
}

/**
 * A connection that reconnects (with backoff, forever) and queues commands while it does: for the
 * Function trigger's loops, which must survive a Redis restart.
 */
export async function connectResilient(credential: RedisCredential, name: string): Promise<Redis> {
  const client = new Redis({
    ...redisOptions(credential),
    connectionName: name,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  return connect(client, credential);
}

async function connect(client: Redis, credential: RedisCredential): Promise<Redis> {
  let lastError: (Error & { code?: string }) | undefined;
  let selectFailed: Error | undefined;
  // Without a listener ioredis prints every error event as "Unhandled error event".
  client.on('error', (error: Error & { command?: { name?: string } }) => {
    lastError = error;
    // ioredis sends SELECT first on every (re)connection, and when it fails only emits this error
    // and goes on, so every command after it would run on database 0: another database than the
    // one configured, where a stock primitive on the same scope holds a different lock. Drop the
    // connection before anything else is sent on it.
    if (error.command?.name === 'select') {
      selectFailed = error;
      client.disconnect();
    }
  });
  try {
    await client.connect();
    if (selectFailed) throw selectFailed;
    return client;
  } catch (error) {
    client.disconnect();
    const where = `${credential.host || 'localhost'}:${Number(credential.port) || 6379}`;
    if (selectFailed) throw new Error(`Cannot use database ${Number(credential.database) || 0} of Redis at ${where}: ${describeSelectError(selectFailed)}`);
    const cause = (error as Error).message === 'Connection is closed.' && lastError ? lastError : (error as Error & { code?: string });
    throw new Error(`Cannot connect to Redis at ${where}: ${describeConnectError(cause, credential)}`);
  }
}

/** Why SELECT failed, in the words of the credential's fields. */
export function describeSelectError(error: Error): string {
  const message = error.message.split('\n')[0];
  if (/DB index is out of range|invalid DB index/i.test(message)) return `${message} (the server has fewer databases: check Database in the Redis credential)`;
  if (message.startsWith('NOPERM')) return `${message} (the ACL user may not run SELECT: grant it +select, or use database 0)`;
  return message;
}

/** Why connecting failed, in the words of the credential's fields (SSL, User, Password, Ignore SSL Issues). */
export function describeConnectError(error: Error & { code?: string }, credential: RedisCredential = {}): string {
  const message = error.message ?? String(error);
  const tlsCertificateProblem = /self[- ]signed|unable to (verify|get local issuer)|certificate|altnames|CERT_/i.test(`${error.code ?? ''} ${message}`);
  if (credential.ssl && tlsCertificateProblem) {
    return `the server's TLS certificate is not trusted (${message.split('\n')[0]}): for a self-signed server turn on Ignore SSL Issues in the Redis credential`;
  }
  if (credential.ssl && (error.code === 'EPROTO' || /wrong version number|packet length too long|ssl3_get_record|ECONNRESET/i.test(`${error.code ?? ''} ${message}`))) {
    return 'no TLS handshake: the port answers without TLS (turn off SSL in the Redis credential, or use the server\'s TLS port)';
  }
  if (!credential.ssl && (error.code === 'ECONNRESET' || message === 'Connection is closed.')) {
    return 'the server closed the connection at once: if this port serves TLS, turn on SSL in the Redis credential';
  }
  if (error.code === 'ECONNREFUSED') return 'connection refused (is Redis running on that host and port?)';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'host not found';
  if (error.code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) {
    return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s${credential.ssl ? ' (with SSL on: if this port serves plain Redis, turn SSL off)' : ''}`;
  }
  if (message.startsWith('NOAUTH')) {
    // A password without a user is sent as the default user's: when that user is off (or has no
    // password), Redis ignores it and then refuses every command with NOAUTH.
    return credential.password && !credential.user
      ? 'the password was not accepted for the default user (it is disabled, or has no password): set User in the Redis credential to the ACL user the password belongs to'
      : 'the server requires a password (set it in the Redis credential)';
  }
  if (message.startsWith('WRONGPASS')) return 'wrong password (or user) in the Redis credential';
  return message.split('\n')[0];
}

/** Closes a connection politely (QUIT), or drops it when that does not answer. Never throws. */
export async function close(client: Redis | undefined): Promise<void> {
  if (!client || client.status === 'end') return;
  try {
    await Promise.race([client.quit(), new Promise((_, reject) => setTimeout(() => reject(new Error('quit timed out')), 1_000))]);
  } catch {
    client.disconnect();
  }
}

/** Runs one command per item in one pipeline (one round trip); the replies in order, or the first error. */
export async function pipelined<T>(redis: Redis, items: T[], add: (pipeline: ReturnType<Redis['pipeline']>, item: T) => unknown): Promise<unknown[]> {
  if (items.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const item of items) add(pipeline, item);
  return ((await pipeline.exec()) ?? []).map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}
