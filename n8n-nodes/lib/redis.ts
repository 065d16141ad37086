// Connections from the stock n8n `redis` credential (host, port, user, password, database, ssl,
// disableTlsVerification), the way n8n's own Redis node reads it, or from the package's own
// `n8nLockRedisApi` credential, which adds the topology (Cluster seed nodes, Sentinel) and the
// replica acknowledgement: the same fields plus those, so one code path serves both.
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { isClusterNode, keyLayoutOfClient, parseHostList, formatHostList, DEFAULT_PORT, DEFAULT_SENTINEL_PORT, type Topology } from 'n8n-lock-protocol/topology';
import { classifyRedisFailure, firstLine } from 'n8n-lock-protocol/redis-failure';

export { keyLayoutOfClient };

export interface RedisCredential {
  /** Only the package's credential has it; the stock `redis` credential is a standalone server. */
  topology?: 'standalone' | 'cluster' | 'sentinel';
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: number;
  ssl?: boolean;
  disableTlsVerification?: boolean;
  /** Cluster: seed nodes, `host:port, host:port`. */
  clusterNodes?: string;
  /** Sentinel: the sentinels, `host:port, host:port`, and the name they know the master by. */
  sentinels?: string;
  masterName?: string;
  sentinelUser?: string;
  sentinelPassword?: string;
  /** Replicas that must hold a lock before Acquire (and Extend) succeed (WAIT); 0 = do not wait. */
  replicaAcks?: number;
  replicaAckTimeoutMs?: number;
  /** Record the nodes' decisions for Prometheus (metrics.ts); on unless false. */
  recordMetrics?: boolean;
}

/** A standalone or Sentinel-managed server (`Redis`) or a Cluster: the commands the nodes use exist on both. */
export type RedisClient = Redis | Cluster;

/** Connecting (TCP, TLS, AUTH, SELECT) must finish within this, or the node fails with a clear error. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** A credential field that does not describe a deployment: the message names the field. */
export class CredentialFieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialFieldError';
  }
}

/** The deployment a credential describes; throws CredentialFieldError naming the field that is wrong. */
export function topologyOf(credential: RedisCredential): Topology {
  const list = (field: string, text: string | undefined, defaultPort: number) => {
    const parsed = parseHostList(text ?? '', defaultPort);
    if (!parsed.ok) throw new CredentialFieldError(`${field} in the Redis credential: ${parsed.reason}`);
    return parsed.hosts;
  };
  switch (credential.topology ?? 'standalone') {
    case 'standalone':
      return { kind: 'standalone' };
    case 'cluster':
      if (Number(credential.database) > 0) throw new CredentialFieldError(`Database in the Redis credential is ${credential.database}, but a Redis Cluster has only database 0`);
      return { kind: 'cluster', nodes: list('Cluster Nodes', credential.clusterNodes, DEFAULT_PORT) };
    case 'sentinel':
      if (!credential.masterName?.trim()) throw new CredentialFieldError('Master Name in the Redis credential is empty (the name the sentinels know the master by, e.g. mymaster)');
      return { kind: 'sentinel', sentinels: list('Sentinels', credential.sentinels, DEFAULT_SENTINEL_PORT), masterName: credential.masterName.trim() };
    default:
      throw new CredentialFieldError(`Topology in the Redis credential is ${JSON.stringify(credential.topology)} (expected standalone, cluster or sentinel)`);
  }
}


/** Where a credential points, for messages. */
export function describeTarget(credential: RedisCredential): string {
  try {
    const topology = topologyOf(credential);
    if (topology.kind === 'cluster') return `the Redis Cluster at ${formatHostList(topology.nodes)}`;
    if (topology.kind === 'sentinel') return `the Redis master "${topology.masterName}" of the sentinels at ${formatHostList(topology.sentinels)}`;
  } catch {
    /* described as a host below */
  }
  return `Redis at ${credential.host || 'localhost'}:${Number(credential.port) || DEFAULT_PORT}`;
}

/**
 * TLS as the credential asks (`{}` for none): no verification with Ignore SSL Issues; the server
 * name checked only where the host is the server itself (standalone), not for hosts learned later
 * (a Cluster's other nodes, the master a sentinel names).
 */
function tlsOptions(credential: RedisCredential, servername?: string): { tls?: NonNullable<RedisOptions['tls']> } {
  if (!credential.ssl) return {};
  if (credential.disableTlsVerification) return { tls: { rejectUnauthorized: false } };
  return { tls: servername ? { servername } : {} };
}

export function redisOptions(credential: RedisCredential): RedisOptions {
  const host = credential.host || 'localhost';
  return {
    host,
    port: Number(credential.port) || DEFAULT_PORT,
    db: Number(credential.database) || 0,
    ...(credential.user ? { username: credential.user } : {}),
    ...(credential.password ? { password: credential.password } : {}),
    ...tlsOptions(credential, host),
    connectTimeout: CONNECT_TIMEOUT_MS,
    lazyConnect: true,
  };
}

/** How a connection behaves when the server goes away. */
type Persistence = 'once' | 'resilient';

/** A client for the credential's deployment, not yet connected. */
function newClient(credential: RedisCredential, name: string, persistence: Persistence): RedisClient {
  const topology = topologyOf(credential);
  const once = persistence === 'once';
  const retry = once ? () => null : (attempt: number) => Math.min(attempt * 200, 5_000);
  if (topology.kind === 'cluster') {
    const { host: _host, port: _port, db: _db, lazyConnect: _lazy, tls: _tls, ...shared } = redisOptions(credential);
    const options: ClusterOptions = {
      lazyConnect: true,
      clusterRetryStrategy: retry,
      enableOfflineQueue: !once,
      redisOptions: { ...shared, connectionName: name, ...tlsOptions(credential), ...(once ? { maxRetriesPerRequest: 0, disconnectTimeout: 200 } : { maxRetriesPerRequest: null }) },
      slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
    };
    return new Cluster(topology.nodes, options);
  }
  const common: RedisOptions = {
    ...redisOptions(credential),
    connectionName: name,
    ...(once ? { maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, disconnectTimeout: 200 } : { maxRetriesPerRequest: null, retryStrategy: retry }),
  };
  if (topology.kind === 'standalone') return new Redis(common);
  const { host: _host, port: _port, ...rest } = common;
  const { tls } = tlsOptions(credential);
  return new Redis({
    ...rest,
    ...(tls ? { tls } : {}),
    sentinels: topology.sentinels,
    name: topology.masterName,
    ...(credential.sentinelUser ? { sentinelUsername: credential.sentinelUser } : {}),
    ...(credential.sentinelPassword ? { sentinelPassword: credential.sentinelPassword } : {}),
    ...(tls ? { enableTLSForSentinelMode: true, sentinelTLS: tls } : {}),
    // Ask the sentinels again when one says the master moved, instead of waiting for the old one to time out.
    failoverDetector: true,
    sentinelRetryStrategy: once ? () => null : retry,
  });
}

/**
 * A connection that gives up: no reconnect, no offline queue. For callers and Return From Function,
 * whose work is bounded by a deadline: a dead Redis fails the item instead of hanging it.
 */
export async function connectOnce(credential: RedisCredential, name: string): Promise<RedisClient> {
  return connect(newClient(credential, name, 'once'), credential);
}

/**
 * A connection that reconnects (with backoff, forever) and queues commands while it does: for the
 * Function trigger's loops, which must survive a Redis restart (and, under Sentinel, follow the
 * master to its new host).
 */
export async function connectResilient(credential: RedisCredential, name: string): Promise<RedisClient> {
  const client = await connect(newClient(credential, name, 'resilient'), credential);
  restartWhenEnded(client);
  return client;
}

/** Connections this package ended on purpose (close, hangUp): the only ones a resilient connection may stay ended as. */
const endedOnPurpose = new WeakSet<RedisClient>();

/** Ends a connection at once (no QUIT) and for good: a resilient one does not come back. */
export function hangUp(client: RedisClient): void {
  endedOnPurpose.add(client);
  client.disconnect();
}

/**
 * ioredis gives up on a connection for good ("Connection is closed" for every command after) when
 * its connector is told to disconnect while a reconnection is still connecting. Under Sentinel its
 * failover detector does exactly that on +switch-master, which arrives while the connection that
 * lost the old master is reconnecting (seen: a producer dead after a failover, every retry for 30 s
 * refused; ioredis issue #1683 reports the same from production). A trigger's loop on such a
 * connection would never run again, so a resilient connection that ends without this package
 * ending it connects again, as its retry strategy would have.
 */
function restartWhenEnded(client: RedisClient): void {
  // Backoff as the retry strategy's: a restart that keeps failing (a SELECT refused on every
  // connection) tries every 5 s, not four times a second.
  let restarts = 0;
  client.on('ready', () => {
    restarts = 0;
  });
  client.on('end', () => {
    if (endedOnPurpose.has(client)) return;
    restarts++;
    setTimeout(() => {
      if (endedOnPurpose.has(client) || client.status !== 'end') return;
      // A failed attempt ends the connection again, and this listener tries again.
      client.connect().catch(() => undefined);
    }, Math.min(restarts * RESTART_AFTER_END_MS, 5_000));
  });
}
const RESTART_AFTER_END_MS = 250;

async function connect(client: RedisClient, credential: RedisCredential): Promise<RedisClient> {
  let lastError: (Error & { code?: string }) | undefined;
  let selectFailed: Error | undefined;
  // Without a listener ioredis prints every error event as "Unhandled error event".
  client.on('error', (error: Error & { command?: { name?: string }; lastNodeError?: Error }) => {
    lastError = error.lastNodeError ?? error;
    // ioredis sends SELECT first on every (re)connection, and when it fails only emits this error
    // and goes on, so every command after it would run on database 0: another database than the
    // one configured, where a stock primitive on the same scope holds a different lock. Drop the
    // connection before anything else is sent on it.
    if (error.command?.name === 'select') {
      selectFailed = error;
      client.disconnect();
    }
  });
  const where = describeTarget(credential);
  let timer: NodeJS.Timeout | undefined;
  try {
    // One deadline over everything connecting does: a Cluster whose ready check is refused
    // (NOPERM on CLUSTER INFO) retries it forever instead of failing.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(lastError ?? Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), CONNECT_TIMEOUT_MS);
    });
    await Promise.race([client.connect(), deadline]);
    if (selectFailed) throw selectFailed;
  } catch (error) {
    client.disconnect();
    if (selectFailed) throw new Error(`Cannot use database ${Number(credential.database) || 0} of ${where}: ${describeSelectError(selectFailed)}`);
    const cause = /Connection is closed|Failed to refresh slots cache|None of startup nodes is available/.test((error as Error).message) && lastError ? lastError : (error as Error & { code?: string });
    throw Object.assign(new Error(`Cannot connect to ${where}: ${describeConnectError(cause, credential)}`), { transient: isTransient(cause) });
  } finally {
    clearTimeout(timer);
  }
  if (!client.isCluster) await refuseClusterNode(client, where);
  return client;
}

/** A failure that may pass by itself (a server restarting, a failover under way), unlike a refused password. */
function isTransient(error: Error & { code?: string }): boolean {
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'].includes(error.code ?? '') || /Connection is closed|All sentinels are unreachable|LOADING|READONLY|MASTERDOWN/i.test(error.message);
}

/**
 * connectOnce, tried again every 250 ms while the failure is transient (a Sentinel failover takes
 * seconds: the old master refuses, then the sentinels name the new one) and `untilMs` allows.
 */
export async function connectBefore(credential: RedisCredential, name: string, untilMs: number): Promise<RedisClient> {
  for (;;) {
    try {
      return await connectOnce(credential, name);
    } catch (error) {
      if (!(error as { transient?: boolean }).transient || Date.now() + 250 > untilMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * A Cluster node reached as a standalone server answers the keys of its own slots and MOVED for the
 * others: some scopes would lock and some fail. Refuse it at once, naming the setting to change.
 */
async function refuseClusterNode(client: RedisClient, where: string): Promise<void> {
  let info = '';
  try {
    info = String(await client.info('cluster'));
  } catch {
    return; // an ACL without +info: the first keyed command will say MOVED instead
  }
  if (isClusterNode(info)) {
    client.disconnect();
    throw new Error(`Cannot use ${where}: it is a Redis Cluster node; use the n8n-lock Redis credential (n8nLockRedisApi) with Topology "Cluster" and this node as a seed`);
  }
}

/** Why SELECT failed, in the words of the credential's fields. */
export function describeSelectError(error: Error): string {
  const message = error.message.split('\n')[0];
  if (/DB index is out of range|invalid DB index/i.test(message)) return `${message} (the server has fewer databases: check Database in the Redis credential)`;
  if (message.startsWith('NOPERM')) return `${message} (the ACL user may not run SELECT: grant it +select, or use database 0)`;
  return message;
}

/** Why connecting failed, in the words of the credential's fields (SSL, User, Password, Ignore SSL Issues, Topology). */
export function describeConnectError(error: Error & { code?: string }, credential: RedisCredential = {}): string {
  switch (classifyRedisFailure(error, { tls: Boolean(credential.ssl) })) {
    case 'cluster-disabled':
      return 'the server is not a Cluster node (cluster support disabled): choose Topology "Standalone" (or the stock Redis credential)';
    case 'no-sentinel':
      return `no sentinel answered (${firstLine(error)}): check Sentinels in the Redis credential`;
    case 'unknown-master':
      return `the sentinels know no master by that name (${firstLine(error)}): check Master Name in the Redis credential`;
    case 'tls-untrusted':
      return `the server's TLS certificate is not trusted (${firstLine(error)}): for a self-signed server turn on Ignore SSL Issues in the Redis credential`;
    case 'tls-on-plain-port':
      return 'no TLS handshake: the port answers without TLS (turn off SSL in the Redis credential, or use the server\'s TLS port)';
    case 'plain-on-tls-port':
      return 'the server closed the connection at once: if this port serves TLS, turn on SSL in the Redis credential';
    case 'refused':
      return 'connection refused (is Redis running on that host and port?)';
    case 'host-not-found':
      return 'host not found';
    case 'timeout':
      return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s${credential.ssl ? ' (with SSL on: if this port serves plain Redis, turn SSL off)' : ''}`;
    case 'needs-password':
      // A password without a user is sent as the default user's: when that user is off (or has no
      // password), Redis ignores it and then refuses every command with NOAUTH.
      return credential.password && !credential.user
        ? 'the password was not accepted for the default user (it is disabled, or has no password): set User in the Redis credential to the ACL user the password belongs to'
        : 'the server requires a password (set it in the Redis credential)';
    case 'wrong-password':
      return 'wrong password (or user) in the Redis credential';
    case 'no-permission':
      return `${firstLine(error)} (the ACL user lacks a command n8n-lock needs: see the grant in n8n-lock's docs/redis-deployments.md, "The least ACL grant"; a Cluster also needs +cluster|slots +cluster|info)`;
    default:
      return firstLine(error);
  }
}

/**
 * Commands sent without waiting for them (a metrics recording after a decision), by connection:
 * close() lets them finish first. A script sent by SHA1 that the server does not hold yet is sent
 * again by its text once the NOSCRIPT comes back, and a QUIT sent in between would lose it (seen:
 * every Call Function recording lost in n8n, whose lanes close right after their last call).
 */
const unfinished = new WeakMap<RedisClient, Set<Promise<unknown>>>();

/** Tracks a command sent without waiting, so close() waits for it (errors are the sender's to handle). */
export function trackUnawaited(client: RedisClient, sent: Promise<unknown>): void {
  let pending = unfinished.get(client);
  if (!pending) unfinished.set(client, (pending = new Set()));
  const settled: Promise<unknown> = sent.then(
    (): unknown => pending.delete(settled),
    (): unknown => pending.delete(settled),
  );
  pending.add(settled);
}

/** Closes a connection politely (QUIT), or drops it when that does not answer. Never throws. */
export async function close(client: RedisClient | undefined): Promise<void> {
  if (!client) return;
  endedOnPurpose.add(client);
  if (client.status === 'end') return;
  const pending = unfinished.get(client);
  if (pending?.size) await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 1_000))]);
  try {
    await Promise.race([client.quit(), new Promise((_, reject) => setTimeout(() => reject(new Error('quit timed out')), 1_000))]);
  } catch {
    hangUp(client);
  }
}

/** Runs one command per item in one pipeline (one round trip); the replies in order, or the first error. */
export async function pipelined<T>(redis: RedisClient, items: T[], add: (pipeline: ReturnType<Redis['pipeline']>, item: T) => unknown): Promise<unknown[]> {
  if (items.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const item of items) add(pipeline, item);
  return ((await pipeline.exec()) ?? []).map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}

/** Wait for this many replicas to acknowledge a write (WAIT), at most this long. */
export interface ReplicaAck {
  replicas: number;
  timeoutMs: number;
}

/** The credential's replica acknowledgement, or undefined when it asks for none. */
export function replicaAckOf(credential: RedisCredential): ReplicaAck | undefined {
  const replicas = Math.floor(Number(credential.replicaAcks) || 0);
  return replicas > 0 ? { replicas, timeoutMs: Math.max(1, Math.floor(Number(credential.replicaAckTimeoutMs) || 1_000)) } : undefined;
}

/**
 * One write command (an EVAL of a lock script, the XADD of a call), followed by WAIT in the same
 * pipeline when `ack` asks for it: WAIT counts the replicas that hold every write of ITS connection,
 * so it must travel on the connection that wrote (on a Cluster a pipeline goes to the node of its
 * keys, keyless WAIT included). `acked` is the replicas that did within the timeout (Infinity when
 * nothing was asked).
 */
export async function writeReplicated(redis: RedisClient, ack: ReplicaAck | undefined, command: string, args: Array<string | number>): Promise<{ reply: unknown; acked: number }> {
  if (!ack) return { reply: await redis.call(command, ...args), acked: Infinity };
  const results = (await redis.pipeline().call(command, ...args).call('WAIT', ack.replicas, ack.timeoutMs).exec()) ?? [];
  const [[writeError, reply], [waitError, acked]] = results as Array<[Error | null, unknown]>;
  if (writeError ?? waitError) throw writeError ?? waitError;
  return { reply, acked: Number(acked) };
}

/** Whether a command failed because the connection went away (not because Redis refused it). */
export function isConnectionLoss(error: unknown): boolean {
  return error instanceof Error && error.name !== 'ReplyError' && /Connection is closed|Stream isn't writeable|ECONNRESET|EPIPE|ECONNREFUSED|Connection closed|aborted due to connection close|enableOfflineQueue/i.test(error.message);
}
