// The least Redis ACL grant n8n-lock needs, in one place: docs/redis-deployments.md shows it and
// n8n-nodes/test/acl-grant.test.ts runs every path of the CLI, the Lock node and the function nodes
// as a user holding exactly this grant, records every command they send (MONITOR, scripts
// included) and fails when one is missing here.

/** Keys: the locks and rate limits (both engines), the function streams, the nodes' metrics series and the durable queues. */
export const ACL_KEY_PATTERNS = ['~n8n-lock-*', '~n8n-ratelimit-*', '~function:*', '~n8n-lock:metrics:*', '~n8n-queue:*'] as const;

/** What the CLI (status, unlock, functions status, queue), the Lock node, the function nodes and the queue nodes send, scripts included. */
export const NATIVE_COMMANDS = [
  // connecting (ioredis: SELECT for a database other than 0, the ready check, the connection name;
  // its CLIENT SETINFO, Redis 7.2 and later, may be refused: ioredis ignores the answer)
  'select', 'info', 'client|setname', 'quit',
  // status counts the Lock node's blocked waiters (names and commands of connections, no data;
  // without it status says the count is unknown)
  'client|list',
  // the lock scripts, status and unlock (the nodes run their scripts by SHA1: EVALSHA)
  'eval', 'evalsha', 'get', 'set', 'del', 'exists', 'pttl', 'pexpire', 'pexpireat', 'type', 'scan', 'rpush', 'ltrim', 'blpop', 'time',
  // the semaphore (Max Holders), the Rate Limit node, and status reading them
  'zadd', 'zrem', 'zcard', 'zscore', 'zrange', 'zrangebyscore', 'zremrangebyscore', 'hget', 'hmget', 'hdel', 'hkeys', 'hincrby',
  // functions: streams, consumer registrations and heartbeats, answers
  'xadd', 'xreadgroup', 'xack', 'xclaim', 'xdel', 'xlen', 'xrange', 'xpending', 'xgroup|create', 'xgroup|delconsumer', 'hset', 'hgetall', 'sadd', 'srem',
  'smembers', 'multi', 'exec',
  // durable queues: the queue scripts (their job keys included), the triggers' wake-up BLPOP, and
  // `n8n-lock queue` reading them
  'hsetnx', 'lpop', 'llen', 'lrange',
  // Replica Acknowledgements (the n8n-lock credential): WAIT after an acquire, an extend, a call
  'wait',
  // metrics: the nodes' recording (histogram sums), and the exporter's consumers' idle times
  'hincrbyfloat', 'xinfo|consumers',
] as const;

/** What a Cluster adds: the client learns the slot map (CLUSTER SLOTS) and checks the state (CLUSTER INFO). */
export const CLUSTER_COMMANDS = ['cluster|slots', 'cluster|info'] as const;

/**
 * What n8n's stock Redis node adds for the stock primitives: it PINGs before every operation, takes
 * a lock with INCR + EXPIRE, and
 * the cleanup error workflow lists dynamic scopes with KEYS (in `@dangerous`).
 */
export const STOCK_NODE_COMMANDS = ['ping', 'incr', 'expire', 'keys'] as const;

/** `ACL SETUSER <user> ...` arguments for a user that may do exactly what n8n-lock does. */
export function aclSetUserArguments(user: string, password: string, options: { stockPrimitives?: boolean; cluster?: boolean } = {}): string[] {
  const commands = [...NATIVE_COMMANDS, ...(options.stockPrimitives === false ? [] : STOCK_NODE_COMMANDS), ...(options.cluster ? CLUSTER_COMMANDS : [])];
  return [user, 'reset', 'on', `>${password}`, ...ACL_KEY_PATTERNS, 'resetchannels', '-@all', ...commands.map((c) => `+${c}`)];
}

/** The grant as one redis-cli line, for docs/redis-deployments.md. */
export function aclSetUserLine(user = 'n8nlock', password = '<password>'): string {
  return `ACL SETUSER ${aclSetUserArguments(user, password).join(' ')}`;
}
