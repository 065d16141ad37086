// Why talking to Redis failed, decided once from what ioredis and Node report (error codes, Redis
// error replies, TLS library messages). The CLI (src/ops/redis-client.ts) words each cause in terms
// of the URL and its flags, the node package (n8n-nodes/lib/redis.ts) in terms of the credential's
// fields; the decision itself, the part that is easy to get wrong, lives here only. Pure.

export type RedisFailureCause =
  /** A standalone server given as a Cluster seed. */
  | 'cluster-disabled'
  | 'no-sentinel'
  | 'unknown-master'
  | 'tls-untrusted'
  /** TLS asked for, the port speaks plain Redis (wrong version number, a reset during the handshake). */
  | 'tls-on-plain-port'
  /** No TLS asked for, the port closed the connection at once (it speaks TLS). */
  | 'plain-on-tls-port'
  | 'refused'
  | 'host-not-found'
  | 'timeout'
  /** NOAUTH: the server wants a password, or rejected the default user a password was sent as. */
  | 'needs-password'
  | 'wrong-password'
  | 'no-permission'
  | 'not-redis'
  | 'other';

export interface FailureContext {
  /** Whether TLS was asked for (rediss://, SSL on). */
  tls: boolean;
}

/** The cause of a connection or command failure. */
export function classifyRedisFailure(error: Error & { code?: string }, context: FailureContext): RedisFailureCause {
  const message = error.message ?? String(error);
  const code = error.code ?? '';
  const both = `${code} ${message}`;
  if (/cluster support disabled/i.test(message)) return 'cluster-disabled';
  if (/All sentinels are unreachable|No sentinels? available/i.test(message)) return 'no-sentinel';
  if (/ERR No such master|master .* not found|is not (?:a )?master/i.test(message)) return 'unknown-master';
  if (context.tls && /self[- ]signed|unable to (verify|get local issuer)|certificate|altnames|CERT_|ERR_TLS/i.test(both)) return 'tls-untrusted';
  if (context.tls && (code === 'EPROTO' || /wrong version number|packet length too long|ssl3_get_record|ECONNRESET/i.test(both))) return 'tls-on-plain-port';
  if (!context.tls && (code === 'ECONNRESET' || message === 'Connection is closed.')) return 'plain-on-tls-port';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host-not-found';
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return 'timeout';
  if (message.startsWith('NOAUTH')) return 'needs-password';
  if (message.startsWith('WRONGPASS') || /invalid password/i.test(message)) return 'wrong-password';
  if (message.startsWith('NOPERM')) return 'no-permission';
  if (/Protocol error/i.test(message)) return 'not-redis';
  return 'other';
}

/** The first line of a message (Redis replies and TLS errors may carry more). */
export const firstLine = (error: Error) => (error.message ?? String(error)).split('\n')[0];
