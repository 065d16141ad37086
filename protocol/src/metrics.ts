// What the native nodes record for Prometheus, once: the series keys, the metric families, the
// histogram buckets and the Lua that records. Pure. The nodes (n8n-nodes/lib/metrics.ts) record,
// the CLI's exporter (src/metrics/) reads the same definitions back.
//
// The nodes run in many n8n processes (main, webhook processes, workers), none of which can serve a
// community node's figures, so the figures live in Redis, one hash per series:
//   n8n-lock:metrics:<kind>:<digest>   hash: its labels (fields starting with '#') and its counts
// A series is identified by the workflow id, the node name and the RAW parameter (the scope or the
// function name as written, `=crm-{{ $json.id }}`), never the evaluated one: a per-record scope
// would make one series per record. Each write re-arms the key's expiry, so an idle series goes
// away by itself after SERIES_IDLE_SECONDS.
//
// The prefix is not `n8n-lock-`: such a key would read as the lock of scope `metrics:...` to
// status and unlock, and a user's scope could name it.
export const METRICS_PREFIX = 'n8n-lock:metrics:';
export const METRICS_SCAN_PATTERN = `${METRICS_PREFIX}*`;
/** A hash whose field `count` counts recordings that failed inside Redis (ACL, a foreign key type). */
export const RECORDING_ERRORS_KEY = `${METRICS_PREFIX}recording-errors`;
/** An idle series expires after this long (a week: a weekly workflow keeps its series). */
export const SERIES_IDLE_SECONDS = 7 * 24 * 3600;

export type SeriesKind = 'lock' | 'rate_limit' | 'function_call' | 'function_consumer';
export const SERIES_KINDS: readonly SeriesKind[] = ['lock', 'rate_limit', 'function_call', 'function_consumer'];

/** The label that carries the raw parameter: the scope of a lock or rate limit, the name of a function. */
export const SUBJECT_LABEL: Record<SeriesKind, 'scope' | 'function'> = { lock: 'scope', rate_limit: 'scope', function_call: 'function', function_consumer: 'function' };

/** Who records: the workflow, the node (by name, as the editor shows it) and the raw parameter. */
export interface SeriesIdentity {
  kind: SeriesKind;
  workflowId: string;
  node: string;
  /** The scope or function name parameter as written (an expression stays an expression). */
  subject: string;
}

/** The hash key of a series: a digest of its identity, so any text of a scope makes a short, plain key. */
export function seriesKey(identity: SeriesIdentity): string {
  const text = JSON.stringify([identity.workflowId, identity.node, identity.subject]);
  return `${METRICS_PREFIX}${identity.kind}:${hash53(text, 1).toString(16).padStart(14, '0')}${hash53(text, 2).toString(16).padStart(14, '0')}`;
}

/**
 * cyrb53 (a public-domain 53-bit string hash, two multiply-xorshift lanes): two seeds make 106
 * bits, so 10,000 series collide with a chance far below 1e-20. Pure JavaScript, because both the
 * CLI and the node bundles compute it, and a key must come out the same everywhere.
 */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The label fields, written when a series is new (so one that expired comes back whole). */
export function labelFields(identity: SeriesIdentity): string[] {
  return ['#workflow_id', identity.workflowId, '#node', identity.node, `#${SUBJECT_LABEL[identity.kind]}`, identity.subject];
}

/** The label fields as the recording carries them: one JSON text, decoded in Redis only when the series is new. */
export const labelsJson = (identity: SeriesIdentity) => JSON.stringify(labelFields(identity));

/**
 * Histogram bounds in seconds, one set for every histogram: from a millisecond (an uncontended
 * acquire, a rate-limit decision) to an hour (a long hold; the Lock node's TTL defaults to 300 s).
 */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600] as const;

/** The families, by the field name they are stored under; the exporter adds `n8n_lock_` (and `_total`). */
export const METRIC_FAMILIES = {
  acquisitions: { kind: 'lock', type: 'counter', labels: ['result'], help: 'Lock node acquisitions by result: acquired, timed_out, refused (held, no waiting), not_replicated, connection_lost' },
  wait_seconds: { kind: 'lock', type: 'histogram', labels: [], help: 'How long an acquisition waited for its lock, observed for every acquired lock' },
  hold_seconds: { kind: 'lock', type: 'histogram', labels: [], help: 'How long a lock was held, observed when it was released (from its fencing token, the Redis clock)' },
  releases: { kind: 'lock', type: 'counter', labels: ['result'], help: 'Lock node releases by result: released, not_owner, expired (nothing left to release), unreadable (a sidecar that does not parse)' },
  extends: { kind: 'lock', type: 'counter', labels: ['result'], help: 'Lock node extends by result: extended, not_held, not_owner, unreadable' },
  rate_limit_decisions: { kind: 'rate_limit', type: 'counter', labels: ['algorithm', 'outcome'], help: 'Rate Limit node decisions by algorithm and outcome: allowed (at once), waited (for its slot), denied' },
  rate_limit_wait_seconds: { kind: 'rate_limit', type: 'histogram', labels: ['algorithm'], help: 'How long an allowed call waited for its slot (0 for one allowed at once)' },
  function_calls: { kind: 'function_call', type: 'counter', labels: ['outcome'], help: 'Call Function node calls by outcome: answered, timed_out, errored (the function failed, no consumer, not replicated, ...)' },
  function_call_seconds: { kind: 'function_call', type: 'histogram', labels: [], help: 'How long a call took, from sending to its answer or timeout' },
  function_deliveries: { kind: 'function_consumer', type: 'counter', labels: [], help: 'Calls a Function trigger was handed, redeliveries included' },
  function_redeliveries: { kind: 'function_consumer', type: 'counter', labels: [], help: 'Calls a Function trigger was handed again (after a crash, or reclaimed from a dead consumer)' },
} as const satisfies Record<string, { kind: SeriesKind; type: 'counter' | 'histogram'; labels: readonly string[]; help: string }>;

export type MetricName = keyof typeof METRIC_FAMILIES;

/** A counter's or histogram's field prefix: `<metric>{<label values>}` (`acquisitions{acquired}`, `wait_seconds{}`). */
export const metricField = (metric: MetricName, ...labelValues: string[]) => `${metric}{${labelValues.join(',')}}`;

/**
 * What to record for each status a script can answer. The status is the script reply's first
 * element as text, or `<status>w` for a rate-limit decision that waits (its element `waitIndex`,
 * the wait in µs, above 0): the reply decides, so the recording is exactly the decision.
 *   inc      counter fields to add 1 to
 *   observe  histograms observing the seconds the caller passes with the decision (one value: the
 *            acquisition's wait, the call's latency)
 *   reply    histograms observing reply element i times a factor: [field, i, factor]
 *   since    histograms observing the time since reply element i, a Redis-clock µs timestamp (a fencing token): [field, i]
 */
export interface StatusRecording {
  inc?: readonly string[];
  observe?: readonly string[];
  reply?: ReadonlyArray<readonly [field: string, index: number, factor: number]>;
  since?: ReadonlyArray<readonly [field: string, index: number]>;
}

/**
 * One way of recording, fixed where the code decides (module constants): what each status
 * records, compiled once into Lua. A recording then carries only the series key, its labels (one
 * JSON text) and the caller's seconds: the spec travelled as some 30 arguments per decision, which
 * Redis and the client paid for on every lock (docs/measurements.md). Never build a plan per
 * decision with data in it: each plan is a script of its own in Redis's script cache.
 */
export interface RecordingPlan {
  /** The statuses it records (a recording of any other status is not sent). */
  readonly statuses: ReadonlySet<string>;
  /** The Lua that defines `n8n_lock_record_safely(key, labels, seconds, reply)` for this plan. */
  readonly lua: string;
  /** The plan's recording as a script of its own (recordEval). */
  readonly recordAlone: string;
  /** Decision script -> that script followed by this plan's recording (recordingScript), made once each. */
  readonly wrapped: Map<string, string>;
}

/** `waitIndex`: which reply element, when above 0, turns status 1 into `1w` (the rate-limit scripts' wait). */
export function recordingPlan(on: Record<string, StatusRecording>, waitIndex?: number): RecordingPlan {
  const lua = `${RECORD_HELPERS}\n${compilePlan(on, waitIndex)}\n${RECORD_SAFELY}`;
  const recordAlone = `${lua}
local reply = {}
for i = 3, #ARGV do reply[i - 2] = ARGV[i] end
n8n_lock_record_safely(KEYS[1], ARGV[1], ARGV[2], reply)
return 1
`;
  return { statuses: new Set(Object.keys(on)), lua, recordAlone, wrapped: new Map() };
}

/** A Lua string literal of any text: every byte but plain ones as a decimal escape (Lua 5.1 has no \u). */
function luaString(text: string): string {
  let out = "'";
  for (const byte of new TextEncoder().encode(text)) out += /[A-Za-z0-9_{},.: -]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `\\${byte}`;
  return `${out}'`;
}

function compilePlan(on: Record<string, StatusRecording>, waitIndex?: number): string {
  const branches = Object.entries(on).map(([status, what]) => {
    const lines = ['    n8n_lock_touch(key, labels)'];
    for (const field of what.inc ?? []) lines.push(`    redis.call('HINCRBY', key, ${luaString(field)}, 1)`);
    for (const field of what.observe ?? []) lines.push(`    n8n_lock_observe(key, ${luaString(field)}, tonumber(seconds) or 0)`);
    for (const [field, index, factor] of what.reply ?? []) lines.push(`    n8n_lock_observe(key, ${luaString(field)}, (tonumber(reply[${index}]) or 0) * ${factor})`);
    if ((what.since ?? []).length > 0) {
      lines.push("    local time = redis.call('TIME')", '    local now_us = tonumber(time[1]) * 1000000 + tonumber(time[2])');
      // a token before the clock-based ones (the INCR era) is no time: nothing to observe
      for (const [field, index] of what.since ?? []) lines.push(`    local t${index} = tonumber(reply[${index}])`, `    if t${index} and t${index} > 1e15 then n8n_lock_observe(key, ${luaString(field)}, (now_us - t${index}) / 1000000) end`);
    }
    return `if status == ${luaString(status)} then\n${lines.join('\n')}\n  `;
  });
  return `local function n8n_lock_record(key, labels, seconds, reply)
  local status = tostring(reply[1])
${waitIndex ? `  if status == '1' and (tonumber(reply[${waitIndex}]) or 0) > 0 then status = '1w' end\n` : ''}  ${branches.join('else')}end
end`;
}

/**
 * What every plan's Lua calls. A histogram bucket field (`:b<i>`) counts the observations up to
 * its bound and above the one before, `:b${DURATION_BUCKETS.length + 1}` those above the last
 * bound; the exporter sums them up to the `le` buckets Prometheus wants and to `_count`. The sum
 * is kept in whole microseconds (`:us`, HINCRBY), not as a float (HINCRBYFLOAT of a formatted
 * number took a third of the recording's Redis time). The labels are written when the series is
 * new (its PEXPIRE finds no key), not at every decision. A failure (a NOPERM of a grant without
 * the metrics keys, a key of another type) is counted in RECORDING_ERRORS_KEY when that is
 * allowed, and logged in Redis's log; it never changes the decision's reply.
 */
const RECORD_HELPERS = `
local N8N_LOCK_BOUNDS = {${DURATION_BUCKETS.join(', ')}}
local function n8n_lock_observe(key, field, seconds)
  if seconds ~= seconds or seconds < 0 then seconds = 0 end
  local bucket = #N8N_LOCK_BOUNDS + 1
  for i = 1, #N8N_LOCK_BOUNDS do
    if seconds <= N8N_LOCK_BOUNDS[i] then
      bucket = i
      break
    end
  end
  redis.call('HINCRBY', key, field .. ':b' .. bucket, 1)
  redis.call('HINCRBY', key, field .. ':us', math.floor(seconds * 1000000 + 0.5))
end
local function n8n_lock_touch(key, labels)
  if redis.call('PEXPIRE', key, ${SERIES_IDLE_SECONDS * 1000}) == 0 then
    redis.call('HSET', key, unpack(cjson.decode(labels)))
    redis.call('PEXPIRE', key, ${SERIES_IDLE_SECONDS * 1000})
  end
end
`;

/** Calls the plan's n8n_lock_record (declared between RECORD_HELPERS and this), never raising. */
const RECORD_SAFELY = `
local function n8n_lock_record_safely(key, labels, seconds, reply)
  local ok, err = pcall(n8n_lock_record, key, labels, seconds, reply)
  if not ok then
    local message = type(err) == 'table' and err.err or tostring(err)
    redis.log(redis.LOG_WARNING, 'n8n-lock: recording metrics failed: ' .. tostring(message))
    redis.pcall('HINCRBY', ${luaString(RECORDING_ERRORS_KEY)}, 'count', 1)
  end
end
`;

/** The arguments a recording adds after a decision script's own: the series key, its labels as JSON, the seconds observed. */
export function recordingArgs(key: string, labelsJson: string, seconds = 0): [string, string, string] {
  return [key, labelsJson, String(seconds)];
}

/**
 * A decision script that records its own decision: the script runs unchanged as a function (its
 * `return`s end the function, not the script), then the plan's recording, whose failure never
 * changes the reply. The recording's arguments (recordingArgs) are the last three (none of the
 * wrapped scripts reads #ARGV). The series key travels as an argument, not as a declared key: on
 * a standalone server or Sentinel a script may touch it, and a grant that does not cover it fails
 * only the recording, never the lock (an ACL checks declared keys before the script runs). On a
 * Cluster the key is in another slot: there the plan's recordScript runs on its own beside the
 * decision. Each (plan, decision) pair is wrapped once.
 */
export function recordingScript(plan: RecordingPlan, decision: string): string {
  let wrapped = plan.wrapped.get(decision);
  if (wrapped === undefined) {
    wrapped = `local function n8n_lock_decide()
${decision}
end
local reply = n8n_lock_decide()
${plan.lua}
n8n_lock_record_safely(ARGV[#ARGV - 2], ARGV[#ARGV - 1], ARGV[#ARGV], reply)
return reply
`;
    plan.wrapped.set(decision, wrapped);
  }
  return wrapped;
}

/**
 * The plan's recording alone, for a Cluster (beside the decision, never in its way) and for
 * outcomes the caller decides (a timeout, a call's answer).
 *   KEYS series key   ARGV labels (JSON), seconds, then the reply's elements (as text)   -> 1
 */
export function recordEval(plan: RecordingPlan, key: string, labelsJson: string, seconds: number, reply: string[]): [script: string, numKeys: number, ...rest: string[]] {
  return [plan.recordAlone, 1, key, labelsJson, String(seconds), ...reply];
}

// ---- reading series back (the exporter) ----

export interface StoredHistogram {
  /** Observations per DURATION_BUCKETS bound, not cumulative (index i: bound i); the last, above every bound. */
  buckets: number[];
  count: number;
  sum: number;
}

export interface StoredSeries {
  kind: SeriesKind;
  labels: Record<string, string>;
  /** `metric` -> label values (in the family's label order) joined by ',' -> count. */
  counters: Map<MetricName, Map<string, number>>;
  histograms: Map<MetricName, Map<string, StoredHistogram>>;
}

/** A series hash (HGETALL) back to its labels and counts; null for a key that is not a series. */
export function parseSeries(key: string, hash: Record<string, string>): StoredSeries | null {
  if (!key.startsWith(METRICS_PREFIX)) return null;
  const kind = key.slice(METRICS_PREFIX.length).split(':')[0] as SeriesKind;
  if (!SERIES_KINDS.includes(kind) || !hash || Object.keys(hash).length === 0) return null;
  const series: StoredSeries = { kind, labels: {}, counters: new Map(), histograms: new Map() };
  for (const [field, raw] of Object.entries(hash)) {
    if (field.startsWith('#')) {
      series.labels[field.slice(1)] = raw;
      continue;
    }
    const match = /^([a-z_]+)\{([^}]*)\}(?::(b\d+|count|sum|us))?$/.exec(field);
    if (!match || !(match[1] in METRIC_FAMILIES)) continue;
    const metric = match[1] as MetricName;
    const family = METRIC_FAMILIES[metric];
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    if (family.type === 'counter' && match[3] === undefined) {
      const byLabels = series.counters.get(metric) ?? new Map<string, number>();
      byLabels.set(match[2], value);
      series.counters.set(metric, byLabels);
    } else if (family.type === 'histogram' && match[3] !== undefined) {
      const byLabels = series.histograms.get(metric) ?? new Map<string, StoredHistogram>();
      const histogram = byLabels.get(match[2]) ?? { buckets: [...DURATION_BUCKETS, Infinity].map(() => 0), count: 0, sum: 0 };
      // `:count` and `:sum` (float seconds) are how series were written before the count became the
      // buckets' sum and the sum whole microseconds; a series written both ways counts at least all
      // its bucketed observations.
      if (match[3] === 'count') histogram.count = Math.max(histogram.count, value);
      else if (match[3] === 'sum') histogram.sum += value;
      else if (match[3] === 'us') histogram.sum += value / 1e6;
      else {
        const index = Number(match[3].slice(1)) - 1;
        if (index >= 0 && index <= DURATION_BUCKETS.length) histogram.buckets[index] = value;
      }
      byLabels.set(match[2], histogram);
      series.histograms.set(metric, byLabels);
    }
  }
  for (const byLabels of series.histograms.values()) {
    for (const histogram of byLabels.values()) histogram.count = Math.max(histogram.count, histogram.buckets.reduce((a, b) => a + b, 0));
  }
  return series;
}
