// Pure: what one scrape read from Redis (the recorded series and the live state of locks, rate
// limits and functions) -> the metric families `n8n-lock metrics` serves. No Redis, no clock.
//
// Live state never carries a scope: scopes are evaluated per record, so a label by scope would
// make one series per record. Locks and semaphores are counted per holder workflow (the sidecar
// names it), rate limits per algorithm; functions are per function name and its scope (the
// defining workflow or __global__), which are parameters, not records.
import { DURATION_BUCKETS, METRIC_FAMILIES, SUBJECT_LABEL, type MetricName, type StoredSeries } from 'n8n-lock-protocol/metrics';
import { heldForMs, type StatusReport } from '../ops/status.js';
import { functionStatus, type FunctionReading } from '../ops/functions-status.js';

export const METRIC_PREFIX = 'n8n_lock_';

/** One sample: a metric name (with `_bucket`, `_sum`, `_count` for a histogram's parts), labels, value. */
export interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  values: Sample[];
}

/** A function's stream as read, with its consumers' idle times (XINFO CONSUMERS), by consumer id. */
export interface FunctionLiveReading extends FunctionReading {
  idleMs: Record<string, number>;
}

export interface Snapshot {
  /** Whether Redis could be read; `error` says why not. */
  up: boolean;
  error?: string;
  series: StoredSeries[];
  recordingErrors: number;
  locks?: StatusReport;
  /** The Lock node's blocked waiters, all scopes together; null when CLIENT LIST was refused. */
  waiters: number | null;
  functions: FunctionLiveReading[];
  nowMs: number;
  /** How long reading took. */
  readMs: number;
}

const familyName = (metric: MetricName) => `${METRIC_PREFIX}${metric}${METRIC_FAMILIES[metric].type === 'counter' ? '_total' : ''}`;
const formatBound = (bound: number) => String(bound);

/** The recorded families: counters and histograms of every series, labelled as the series says. */
export function recordedFamilies(series: StoredSeries[]): Family[] {
  const families = new Map<MetricName, Family>();
  for (const metric of Object.keys(METRIC_FAMILIES) as MetricName[]) {
    const family = METRIC_FAMILIES[metric];
    families.set(metric, { name: familyName(metric), help: family.help, type: family.type, values: [] });
  }
  for (const s of series) {
    const subject = SUBJECT_LABEL[s.kind];
    const base = { workflow_id: s.labels.workflow_id ?? '', node: s.labels.node ?? '', [subject]: s.labels[subject] ?? '' };
    const labelled = (metric: MetricName, joined: string) => {
      const names = METRIC_FAMILIES[metric].labels as readonly string[];
      const values = names.length ? joined.split(',') : [];
      return { ...base, ...Object.fromEntries(names.map((name, i) => [name, values[i] ?? ''])) };
    };
    for (const [metric, byLabels] of s.counters) {
      for (const [joined, value] of byLabels) families.get(metric)!.values.push({ labels: labelled(metric, joined), value });
    }
    for (const [metric, byLabels] of s.histograms) {
      const name = familyName(metric);
      for (const [joined, histogram] of byLabels) {
        const labels = labelled(metric, joined);
        let cumulative = 0;
        DURATION_BUCKETS.forEach((bound, i) => {
          cumulative += histogram.buckets[i];
          families.get(metric)!.values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: formatBound(bound) }, value: cumulative });
        });
        families.get(metric)!.values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: histogram.count });
        families.get(metric)!.values.push({ metricName: `${name}_sum`, labels, value: histogram.sum });
        families.get(metric)!.values.push({ metricName: `${name}_count`, labels, value: histogram.count });
      }
    }
  }
  return [...families.values()];
}

interface Hold {
  workflowId: string;
  ageMs: number | null;
  remainingMs: number | null;
}

/** Every live hold (a mutex's holder, each of a semaphore's), with its age and the TTL it has left. */
function holdsOf(report: StatusReport, nowMs: number): { mutex: Hold[]; semaphore: Array<Hold & { maxHolders: number | null; scope: string }> } {
  const mutex: Hold[] = [];
  const semaphore: Array<Hold & { maxHolders: number | null; scope: string }> = [];
  for (const lock of report.locks) {
    if (lock.semaphore) {
      for (const hold of lock.semaphore.holders) {
        semaphore.push({ scope: lock.scope, workflowId: hold.holder?.workflow_id ?? '', ageMs: heldForMs(hold.holder, nowMs), remainingMs: hold.expires_in_ms, maxHolders: lock.semaphore.max_holders });
      }
    }
    if (lock.counter && (lock.counter.count ?? 1) > 0) {
      mutex.push({ workflowId: lock.sidecar?.holder?.workflow_id ?? '', ageMs: lock.held_for_ms, remainingMs: lock.counter.ttl_ms });
    }
  }
  return { mutex, semaphore };
}

/** Used share of a hold's TTL: its age over age + what is left (null when either is unknown, or it never expires). */
const ttlUsed = (hold: Hold) => (hold.ageMs === null || hold.remainingMs === null || hold.ageMs + hold.remainingMs <= 0 ? null : hold.ageMs / (hold.ageMs + hold.remainingMs));

const gauge = (name: string, help: string, values: Sample[]): Family => ({ name: `${METRIC_PREFIX}${name}`, help, type: 'gauge', values });

function byWorkflow<T extends { workflowId: string }>(items: T[], value: (group: T[]) => number | null): Sample[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.workflowId, [...(groups.get(item.workflowId) ?? []), item]);
  return [...groups].flatMap(([workflowId, group]) => {
    const v = value(group);
    return v === null ? [] : [{ labels: { workflow_id: workflowId }, value: v }];
  });
}

const maxOf = (values: Array<number | null>) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
};

/** The live state at this scrape: locks, semaphores, waiters, rate-limit windows, function streams. */
export function liveFamilies(snapshot: Snapshot): Family[] {
  const families: Family[] = [];
  if (snapshot.locks) {
    const { mutex, semaphore } = holdsOf(snapshot.locks, snapshot.nowMs);
    const all = [...mutex, ...semaphore];
    families.push(
      gauge('locks_held', 'Live holds per holder workflow (a mutex scope held, or one semaphore permit); an unknown holder (a stock counter without sidecar) has workflow_id ""', byWorkflow(all, (g) => g.length)),
      gauge('oldest_hold_age_seconds', 'Age of the oldest live hold per holder workflow', byWorkflow(all, (g) => maxOf(g.map((h) => h.ageMs)) === null ? null : maxOf(g.map((h) => h.ageMs))! / 1000)),
      gauge('hold_ttl_used_ratio', 'The largest share of its TTL a live hold has used, per holder workflow (1: about to expire while still held)', byWorkflow(all, (g) => maxOf(g.map(ttlUsed)))),
      gauge('semaphore_holders', 'Live semaphore permits per holder workflow (Lock node with Max Holders above 1)', byWorkflow(semaphore, (g) => g.length)),
      gauge('semaphore_fullest_ratio', 'The fullest semaphore scope a workflow holds a permit of: its holders over its Max Holders', byWorkflow(semaphore, (g) => maxOf(g.map((h) => (h.maxHolders ? semaphore.filter((o) => o.scope === h.scope).length / h.maxHolders : null))))),
    );
    const windows = new Map<string, number[]>();
    for (const limit of snapshot.locks.rate_limits) {
      const algorithm = limit.algorithm ?? 'stock-fixed';
      windows.set(algorithm, [...(windows.get(algorithm) ?? []), limit.count ?? 0]);
    }
    families.push(
      gauge('rate_limit_scopes', 'Rate-limit scopes with a live window, per algorithm (stock-fixed: the stock rate_limit_check primitive)', [...windows].map(([algorithm, counts]) => ({ labels: { algorithm }, value: counts.length }))),
      gauge('rate_limit_busiest_window', 'The busiest live window per algorithm: calls in the log (sliding-log), calls in the window (fixed, stock-fixed), whole tokens left (token-bucket)', [...windows].map(([algorithm, counts]) => ({ labels: { algorithm }, value: Math.max(...counts) }))),
    );
  }
  families.push(gauge('waiters', 'Lock node executions blocked waiting for a lock now, all scopes together (CLIENT LIST; absent when the grant refuses it)', snapshot.waiters === null ? [] : [{ labels: {}, value: snapshot.waiters }]));
  const perFunction = snapshot.functions.map((reading) => ({ reading, status: functionStatus(reading, snapshot.nowMs, Number.MAX_SAFE_INTEGER) }));
  const fn = (r: FunctionReading) => ({ function: r.name, scope: r.scope });
  families.push(
    gauge('function_backlog', 'Calls on a function\'s stream not answered yet (waiting or running)', perFunction.map(({ reading }) => ({ labels: fn(reading), value: reading.length }))),
    gauge('function_pending', 'Calls delivered to a consumer and not answered yet', perFunction.map(({ reading }) => ({ labels: fn(reading), value: reading.pending }))),
    gauge('function_oldest_call_age_seconds', 'Age of the oldest unanswered call (0 when the backlog is empty)', perFunction.map(({ reading, status }) => ({ labels: fn(reading), value: (status.oldest_age_ms ?? 0) / 1000 }))),
    gauge('function_consumers', 'Consumers with a heartbeat in the last 30 s', perFunction.map(({ reading, status }) => ({ labels: fn(reading), value: status.live_consumers }))),
    gauge('function_dead_letters', 'Entries on a function\'s dead-letter stream', perFunction.map(({ reading }) => ({ labels: fn(reading), value: reading.deadLetters }))),
    gauge(
      'function_consumer_idle_seconds',
      'How long each consumer of the group has been idle (XINFO CONSUMERS)',
      perFunction.flatMap(({ reading }) => Object.entries(reading.idleMs).map(([consumer, idle]) => ({ labels: { ...fn(reading), consumer }, value: idle / 1000 }))),
    ),
  );
  return families;
}

/** Everything a scrape serves: up, the exporter's own figures, then the recorded and live families. */
export function snapshotFamilies(snapshot: Snapshot): Family[] {
  const own: Family[] = [
    gauge('up', 'Whether the last scrape could read Redis (1) or not (0; the reason is on the exporter\'s stderr)', [{ labels: {}, value: snapshot.up ? 1 : 0 }]),
    gauge('scrape_read_seconds', 'How long reading Redis took for this scrape', [{ labels: {}, value: snapshot.readMs / 1000 }]),
    gauge('recorded_series', 'Series the nodes recorded in Redis (n8n-lock:metrics:*), each expiring after a week idle', [{ labels: {}, value: snapshot.series.length }]),
    { name: `${METRIC_PREFIX}recording_errors_total`, help: 'Recordings that failed inside Redis (a grant without the metrics keys, a key of another type); the decisions stood', type: 'counter', values: [{ labels: {}, value: snapshot.recordingErrors }] },
  ];
  if (!snapshot.up) return own.filter((f) => f.name === `${METRIC_PREFIX}up` || f.name === `${METRIC_PREFIX}scrape_read_seconds`);
  return [...own, ...recordedFamilies(snapshot.series), ...liveFamilies(snapshot)];
}
