// Reading one scrape's figures from Redis: the series the nodes recorded (SCAN + pipelined
// HGETALL, on every master of a Cluster), the live locks and rate limits (status's own reading),
// the Lock node's waiters and the function streams with their consumers' idle times. Plain data
// out, for snapshot.ts.
import { Cluster, type Redis } from 'ioredis';
import { METRICS_SCAN_PATTERN, parseSeries, RECORDING_ERRORS_KEY, type StoredSeries } from 'n8n-lock-protocol/metrics';
import { functionKeys } from 'n8n-lock-protocol/functions';
import { keyLayoutOfClient, readFunctionStreams, readLockKeys, readLockNodeWaiters, SCAN_COUNT, type RedisClient } from '../ops/redis-client.js';
import { buildStatusReport } from '../ops/status.js';
import type { FunctionLiveReading, Snapshot } from './snapshot.js';

const masters = (client: RedisClient): Redis[] => (client instanceof Cluster ? client.nodes('master') : [client]);

/** Series read per pipeline: one round trip per this many. */
const SERIES_BATCH = 1_000;

/** Every recorded series, each read where it lives (the master that listed it). */
export async function readSeries(client: RedisClient): Promise<{ series: StoredSeries[]; recordingErrors: number }> {
  const series: StoredSeries[] = [];
  let recordingErrors = 0;
  for (const node of masters(client)) {
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await node.scan(cursor, 'MATCH', METRICS_SCAN_PATTERN, 'COUNT', SCAN_COUNT);
      for (const key of batch) keys.add(key);
      cursor = next;
    } while (cursor !== '0');
    const all = [...keys];
    for (let start = 0; start < all.length; start += SERIES_BATCH) {
      const slice = all.slice(start, start + SERIES_BATCH);
      const pipeline = node.pipeline();
      for (const key of slice) pipeline.hgetall(key);
      const replies = (await pipeline.exec()) ?? [];
      slice.forEach((key, i) => {
        const [error, hash] = replies[i] ?? [];
        if (error) throw error;
        if (key === RECORDING_ERRORS_KEY) recordingErrors += Number((hash as Record<string, string>).count ?? 0);
        else {
          const parsed = parseSeries(key, hash as Record<string, string>);
          if (parsed) series.push(parsed);
        }
      });
    }
  }
  return { series, recordingErrors };
}

/** Each function's consumers' idle time (XINFO CONSUMERS), by consumer id; none when the group is missing. */
async function consumerIdle(client: RedisClient, stream: string, group: string): Promise<Record<string, number>> {
  try {
    const rows = (await client.call('XINFO', 'CONSUMERS', stream, group)) as unknown[][];
    const idle: Record<string, number> = {};
    for (const row of rows) {
      const fields = Object.fromEntries(Array.from({ length: row.length / 2 }, (_, i) => [String(row[i * 2]), row[i * 2 + 1]]));
      idle[String(fields.name)] = Number(fields.idle);
    }
    return idle;
  } catch (error) {
    if (/NOGROUP|no such key/i.test((error as Error).message)) return {};
    throw error;
  }
}

/** One scrape's figures. Throws what Redis refused (the caller serves `up 0` and says why). */
export async function readSnapshot(client: RedisClient, now: () => number = Date.now): Promise<Omit<Snapshot, 'up' | 'readMs'>> {
  const layout = keyLayoutOfClient(client);
  const [recorded, scan, waiters, streams] = await Promise.all([readSeries(client), readLockKeys(client), readLockNodeWaiters(client), readFunctionStreams(client)]);
  const nowMs = now();
  const locks = buildStatusReport(scan.readings, { nowMs, redis: '', layout, roundTrips: scan.roundTrips, lockNodeWaiters: waiters });
  const functions: FunctionLiveReading[] = await Promise.all(
    streams.map(async (reading) => ({ ...reading, idleMs: reading.hasGroup ? await consumerIdle(client, reading.stream, functionKeys(reading.scope, reading.name).group) : {} })),
  );
  return { ...recorded, locks, waiters: waiters.blocked, functions, nowMs };
}
