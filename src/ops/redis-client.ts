// The only module of src/ops that talks to Redis: a client that fails fast, SCAN with pipelined
// script reads, and the unlock script call. Everything it returns is plain data for the pure modules.
import { isIP } from 'node:net';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { InputError } from '../errors.js';
import { classifyKey, SCAN_PATTERN, type KeyLayout } from 'n8n-lock-protocol/keys';
import { isClusterNode, keyLayoutOfClient } from 'n8n-lock-protocol/topology';

export { keyLayoutOfClient };
import { classifyRedisFailure, firstLine } from 'n8n-lock-protocol/redis-failure';
import { functionKeys, metaKey, parseMeta, parseStreamKey, STREAM_PREFIX } from 'n8n-lock-protocol/functions';
import type { FunctionReading } from './functions-status.js';
import { countLockNodeWaiters, type LockNodeWaiters } from './waiters.js';
import type { RedisTarget } from './redis-url.js';
import { parseReadKeysReply, READ_KEYS_SCRIPT, type KeyReading } from './status.js';
import { UNLOCK_SCRIPT, unlockScriptArgs, type UnlockRequest } from './unlock.js';

/** Connect (TCP + TLS + AUTH + SELECT + ready check) must finish within this, or we give up. */
export const CONNECT_TIMEOUT_MS = 3000;
/** Per command, from when it is written. Generous: a SCAN page or a 5,000-key read takes ~10-30 ms. */
export const COMMAND_TIMEOUT_MS = 15_000;
/** Keys per SCAN call: large enough that 100k keys take ~10 calls, small enough not to stall Redis (~12 ms per call, measured). */
export const SCAN_COUNT = 10_000;
/** Keys per READ_KEYS_SCRIPT call: ~10 ms of Redis time each, so other clients never wait long. */
export const READ_CHUNK = 5_000;

/** Redis unreachable, refusing, timing out or rejecting our credentials: exit 2 with one line. */
export class RedisUnavailableError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'RedisUnavailableError';
  }
}

/** Turns a connection-level error into words an operator can act on, in terms of the URL and its flags. Never includes the password (ioredis errors carry none). */
export function describeRedisError(error: Error & { code?: string }, timeoutMs = CONNECT_TIMEOUT_MS, tls = false): string {
  switch (classifyRedisFailure(error, { tls })) {
    case 'cluster-disabled':
      return 'the server is not a Cluster node (cluster support disabled): use redis:// (or rediss://) for a standalone server';
    case 'no-sentinel':
      return `no sentinel answered (${firstLine(error)})`;
    case 'unknown-master':
      return `the sentinels know no such master (${firstLine(error)}): check the #name at the end of the URL`;
    case 'tls-untrusted':
      return `${firstLine(error)} (a private CA can be trusted with NODE_EXTRA_CA_CERTS=/path/to/ca.pem; a self-signed server with --tls-insecure)`;
    case 'tls-on-plain-port':
      return 'no TLS handshake: the port answers without TLS (use redis:// instead of rediss://, or the server\'s TLS port)';
    case 'plain-on-tls-port':
      return 'the server closed the connection (if it expects TLS, use rediss://)';
    case 'refused':
      return 'connection refused (is redis-server running on that host and port?)';
    case 'host-not-found':
      return 'host not found';
    case 'timeout':
      return `no answer within ${timeoutMs / 1000} s${tls ? ' (a port that serves plain Redis never answers a TLS handshake: use redis://)' : ''}`;
    case 'needs-password':
      return 'the server requires a password: redis://:PASSWORD@host:port/db (or set N8N_LOCK_REDIS_URL)';
    case 'wrong-password':
      return 'wrong password (or username)';
    case 'not-redis':
      return 'the server did not answer like Redis (wrong port, or TLS needed: rediss://)';
    default:
      return firstLine(error);
  }
}

/** A standalone or Sentinel-managed server, or a Cluster (read through every master). */
export type RedisClient = Redis | Cluster;

/** How the keys of a scope are spelled on this connection. */

/** The connections to scan: every master of a Cluster, or the one server. */
/** The servers a SCAN must visit: every master of a Cluster, else the one server. */
export const scanTargets = (client: RedisClient): Redis[] => (client instanceof Cluster ? client.nodes('master') : [client]);

/**
 * Opens a client that gives up instead of retrying: ioredis by default reconnects forever and
 * queues commands while offline, so a dead Redis would hang the CLI. Here there is no reconnect
 * (retryStrategy -> null), no offline queue, no per-request retry, and one overall deadline that
 * also covers a peer that accepts TCP but never answers.
 */
export async function openRedis(target: RedisTarget, timeoutMs = CONNECT_TIMEOUT_MS): Promise<RedisClient> {
  const { topology } = target;
  // SNI carries host names only (RFC 6066): none for an IP address, nor where the host the
  // certificate names is learned later (a Cluster's other nodes, the master a sentinel names).
  const tls = target.tls ? (target.tlsInsecure ? { rejectUnauthorized: false } : isIP(target.host) || topology.kind !== 'standalone' ? {} : { servername: target.host }) : undefined;
  const options: RedisOptions = {
    ...(target.username !== undefined ? { username: target.username } : {}),
    ...(target.password !== undefined ? { password: target.password } : {}),
    ...(tls ? { tls } : {}),
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    reconnectOnError: () => false,
    // disconnect() arms a timer of this length to destroy a stream that does not close; on a
    // stream that is already closed it is never cleared and holds the process open (2 s default).
    disconnectTimeout: 200,
  };
  const client: RedisClient =
    topology.kind === 'cluster'
      ? new Cluster(topology.nodes, { lazyConnect: true, clusterRetryStrategy: () => null, enableOfflineQueue: false, slotsRefreshTimeout: timeoutMs, redisOptions: options })
      : topology.kind === 'sentinel'
        ? new Redis({ ...options, db: target.db, sentinels: topology.sentinels, name: topology.masterName, sentinelRetryStrategy: () => null, ...(tls ? { enableTLSForSentinelMode: true, sentinelTLS: tls } : {}) })
        : new Redis({ ...options, host: target.host, port: target.port, db: target.db });
  let lastError: (Error & { code?: string }) | undefined;
  // Without a listener ioredis prints every error event as "Unhandled error event".
  client.on('error', (error: Error & { lastNodeError?: Error }) => {
    lastError = error.lastNodeError ?? error;
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), timeoutMs);
  });
  try {
    // ioredis SELECTs the db on connect but only emits an error if that fails, then runs commands
    // on db 0: select again and wait, so a bad db index stops us instead of unlocking elsewhere.
    await Promise.race([client.connect().then(() => (client instanceof Cluster ? undefined : client.select(target.db))), deadline]);
  } catch (error) {
    if (client.status !== 'end') client.disconnect();
    // connect() rejects with a bare "Connection is closed."; the reason came as an error event.
    const cause = /Connection is closed|Failed to refresh slots cache|None of startup nodes is available/.test((error as Error).message) && lastError ? lastError : (error as Error);
    throw new RedisUnavailableError(`cannot connect to Redis at ${target.display}: ${describeRedisError(cause, timeoutMs, target.tls)}`);
  } finally {
    clearTimeout(timer);
  }
  // A Cluster node read as one server shows the keys of its own slots only, with exit 0.
  if (!(client instanceof Cluster) && isClusterNode(String(await client.info('cluster').catch(() => '')))) {
    client.disconnect();
    throw new RedisUnavailableError(`cannot use Redis at ${target.display}: it is a Redis Cluster node, and one node holds only its own slots' keys; use redis-cluster://${target.host}:${target.port} (rediss-cluster:// for TLS)`);
  }
  return client;
}

/** Runs `work` with a connected client, maps mid-run Redis failures to exit 2, and always closes. */
export async function withRedis<T>(target: RedisTarget, work: (client: RedisClient) => Promise<T>): Promise<T> {
  const client = await openRedis(target);
  try {
    return await work(client);
  } catch (error) {
    // Only Redis's own failures (error replies such as NOPERM, a dropped connection, a timeout)
    // become the one-line exit 2; a bug stays an internal error with its stack under N8N_LOCK_DEBUG.
    if (isRedisFailure(error)) throw new RedisUnavailableError(`Redis at ${target.display}: ${describeRedisError(error, COMMAND_TIMEOUT_MS)}`);
    throw error;
  } finally {
    client.disconnect();
  }
}

function isRedisFailure(error: unknown): error is Error & { code?: string } {
  return error instanceof Error && (error.name === 'ReplyError' || /Connection is closed|Command timed out|Stream isn't writeable|ECONNRESET|EPIPE/.test(error.message));
}

export interface KeyScan {
  readings: KeyReading[];
  /** Times we waited for Redis: what a slow network multiplies. */
  roundTrips: number;
}

function readChunk(client: Redis | Cluster, keys: string[]): Promise<KeyReading[]> {
  return client.eval(READ_KEYS_SCRIPT, keys.length, ...keys).then(
    (reply) => parseReadKeysReply(keys, reply),
    (error: Error) => {
      // Name what was refused: the command and the keys, so the grant can be fixed.
      if (error.message.startsWith('NOPERM')) error.message = `${error.message.split('\n')[0]} (EVAL of the read script on ${keys.length} key(s), first ${JSON.stringify(keys[0])}: the user needs +eval, +get, +pttl, +type and read access to ~n8n-lock-* ~n8n-ratelimit-*)`;
      throw error;
    },
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * The hash tag of a key as Redis Cluster computes it (the text between the first `{` and the first
 * `}` after it, when not empty), or the whole key: keys with equal tags are in one slot.
 */
export function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  return close === -1 || close === open + 1 ? key : key.slice(open + 1, close);
}

/**
 * Batches of keys one EVAL may read: on a standalone server any chunk of `size` keys; on a Cluster
 * a script may only touch keys of one slot, so keys are grouped by hash tag first (a scope's keys
 * share one, see keys.ts) and groups are packed into batches of one tag each.
 */
function readBatches(keys: string[], size: number, layout: KeyLayout): string[][] {
  if (layout === 'plain') return chunks(keys, size);
  const byTag = new Map<string, string[]>();
  for (const key of keys) {
    const tag = hashTagOf(key);
    const group = byTag.get(tag);
    if (group) group.push(key);
    else byTag.set(tag, [key]);
  }
  return [...byTag.values()].flatMap((group) => chunks(group, size));
}

/**
 * Every lock, sidecar and rate-limit key with its value and PTTL, on every master of a Cluster.
 * SCAN (never KEYS: that blocks Redis for the whole keyspace); each page's keys are read by
 * READ_KEYS_SCRIPT without waiting, so the read travels with the next SCAN request and costs no
 * round trip of its own. Round trips: one per SCAN page plus one for the last reads.
 */
export async function readLockKeys(client: RedisClient, options: { scanCount?: number; readChunk?: number } = {}): Promise<KeyScan> {
  const scanCount = options.scanCount ?? SCAN_COUNT;
  const chunkSize = options.readChunk ?? READ_CHUNK;
  const layout = keyLayoutOfClient(client);
  // SCAN may return a key twice (when the table is resized mid-iteration): read each once.
  const seen = new Set<string>();
  const pending: Promise<KeyReading[]>[] = [];
  let scanCalls = 0;
  for (const node of scanTargets(client)) {
    let cursor = '0';
    do {
      const [next, batch] = await node.scan(cursor, 'MATCH', SCAN_PATTERN, 'COUNT', scanCount);
      scanCalls++;
      // Only our own keys are read: the pattern over-matches (n8n's own `n8n-runtime-settings`), and an
      // ACL user that may read only n8n-lock's keys gets NOPERM for any other key handed to EVAL.
      const fresh = batch.filter((key) => !seen.has(key) && classifyKey(key, layout) !== null);
      for (const key of fresh) seen.add(key);
      // The node that listed a key holds its slot: read it there.
      for (const keys of readBatches(fresh, chunkSize, layout)) {
        const read = readChunk(node, keys);
        read.catch(() => {}); // observed below by Promise.all; this only stops an early "unhandled rejection"
        pending.push(read);
      }
      cursor = next;
    } while (cursor !== '0');
  }
  const readings = (await Promise.all(pending)).flat();
  return { readings, roundTrips: scanCalls + (pending.length ? 1 : 0) };
}

/** Reads the given keys (all batches sent at once: one round trip). A key gone by now reads as PTTL -2. */
export async function readKeys(client: RedisClient, keys: string[], chunkSize = READ_CHUNK): Promise<KeyScan> {
  const parts = await Promise.all(readBatches(keys, chunkSize, keyLayoutOfClient(client)).map((batch) => readChunk(client, batch)));
  return { readings: parts.flat(), roundTrips: parts.length ? 1 : 0 };
}

/**
 * The Lock node's waiters blocked now (countLockNodeWaiters), summed over every master of a
 * Cluster. A refused or unknown CLIENT LIST (an older least grant, a managed Redis that hides it)
 * is an unknown count, not an error: the locks are still worth showing.
 */
export async function readLockNodeWaiters(client: RedisClient): Promise<LockNodeWaiters> {
  try {
    const lists = await Promise.all(scanTargets(client).map((node) => node.call('CLIENT', 'LIST', 'TYPE', 'normal') as Promise<string>));
    return { blocked: lists.reduce((sum, list) => sum + countLockNodeWaiters(String(list)), 0) };
  } catch (error) {
    if ((error as Error).name !== 'ReplyError') throw error;
    const refused = (error as Error).message.startsWith('NOPERM');
    return { blocked: null, error: refused ? 'the Redis user may not run CLIENT LIST: grant +client|list' : `CLIENT LIST failed: ${firstLine(error as Error)}` };
  }
}

/** One atomic EVAL of UNLOCK_SCRIPT; returns the raw reply for parseUnlockReply. */
export async function evalUnlock(client: RedisClient, request: UnlockRequest): Promise<unknown> {
  const { keys, args } = unlockScriptArgs(request);
  return client.eval(UNLOCK_SCRIPT, keys.length, ...keys, ...args);
}

/**
 * Every function stream (`function:stream:*`) with what `functions status` shows: length, pending
 * summary, oldest entry, the consumers (registry and pending list) with their registrations, and
 * the dead-letter stream's length, on every master of a Cluster. One pipeline per function (its
 * keys share one hash slot, so on a Cluster the pipeline goes to one node).
 */
export async function readFunctionStreams(client: RedisClient, nameMatches: (name: string) => boolean = () => true): Promise<FunctionReading[]> {
  const streams: string[] = [];
  for (const node of scanTargets(client)) {
    let cursor = '0';
    do {
      const [next, keys] = (await node.call('SCAN', cursor, 'MATCH', `${STREAM_PREFIX}*`, 'COUNT', SCAN_COUNT, 'TYPE', 'stream')) as [string, string[]];
      cursor = next;
      streams.push(...keys);
    } while (cursor !== '0');
  }
  const readings: FunctionReading[] = [];
  for (const stream of streams.sort()) {
    const parsed = parseStreamKey(stream);
    if (!parsed || !nameMatches(parsed.name)) continue;
    const keys = functionKeys(parsed.scope, parsed.name);
    const [[, length], [, oldest], [, registered], [, deadLetters], [groupError, summary]] = (await client
      .pipeline()
      .xlen(stream)
      .xrange(stream, '-', '+', 'COUNT', 1)
      .smembers(keys.consumers)
      .xlen(keys.deadLetters)
      .xpending(stream, keys.group)
      .exec()) as Array<[Error | null, any]>;
    type PendingSummary = [number, string | null, string | null, Array<[string, string]> | null];
    const pendingSummary: PendingSummary = groupError ? [0, null, null, null] : (summary as PendingSummary);
    const pendingBy = new Map<string, number>((pendingSummary[3] ?? []).map(([consumer, count]) => [consumer, Number(count)]));
    const ids: string[] = [...new Set([...(registered as string[]), ...pendingBy.keys()])].sort();
    const metaPipeline = client.pipeline();
    for (const id of ids) metaPipeline.hgetall(metaKey(parsed.scope, parsed.name, id));
    const metas = ids.length ? ((await metaPipeline.exec()) ?? []) : [];
    readings.push({
      stream,
      scope: parsed.scope,
      name: parsed.name,
      length: Number(length),
      pending: Number(pendingSummary[0] ?? 0),
      oldestId: (oldest as Array<[string, string[]]>)[0]?.[0] ?? null,
      consumers: ids.map((id, i) => ({ id, meta: parseMeta(id, (metas[i]?.[1] ?? {}) as Record<string, string>), pending: pendingBy.get(id) ?? 0 })),
      deadLetters: Number(deadLetters),
      hasGroup: !groupError,
    });
  }
  return readings;
}
