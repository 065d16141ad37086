// Pure: one reading of Redis -> what the page shows (the state), and the part of it one page asks
// for (a search by scope and a page of locks). No Redis, no clock.
import type { StoredSeries } from 'n8n-lock-protocol/metrics';
import { functionStatus, type FunctionReading } from '../ops/functions-status.js';
import { queueStatus, type QueueFlag } from '../ops/queue-report.js';
import type { QueueReading } from '../ops/queues.js';
import { compileScopeGlob } from '../ops/scope-glob.js';
import { heldForMs, type Holder, type StatusReport } from '../ops/status.js';
import { WAITERS_PER_SCOPE_UNKNOWN } from '../ops/waiters.js';
import { historyChart, type HistoryChart, type Totals } from './history.js';
import { rateLimitRow, type RateLimitRow } from './rate-limits.js';

/** How old an unanswered function call may be before it is flagged, as `functions status` defaults. */
export const FUNCTION_MAX_AGE_MS = 60_000;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** What one update read from Redis (dashboard/read.ts). */
export interface DashboardReading {
  /** The Redis server's clock (rate-limit slots are on it). */
  serverNowMs: number;
  report: StatusReport;
  /** A native rate-limit key's entries (sorted-set members and scores, or hash fields and values), by key. */
  rateLimitEntries: Map<string, string[]>;
  functions: FunctionReading[];
  queues: QueueReading[];
  series: StoredSeries[];
}

export interface HolderView {
  lockId: string;
  workflowId: string | null;
  workflowName: string | null;
  executionId: string | null;
  /** The execution in n8n's editor, when --n8n-url was given and the sidecar names both ids. */
  executionUrl: string | null;
  ageMs: number | null;
}

export interface LockRow {
  scope: string;
  /** Null when the counter has no readable sidecar (a stock counter mid-acquire, or foreign data): nothing to compare an unlock with. */
  holder: HolderView | null;
  ttlMs: number | null;
  fence: number | null;
  flags: string[];
}

export interface SemaphoreRow {
  scope: string;
  held: number;
  max: number | null;
  holders: Array<HolderView & { ttlMs: number }>;
}

export interface FunctionRow {
  name: string;
  scope: string;
  backlog: number;
  pending: number;
  consumers: number;
  liveConsumers: number;
  oldestAgeMs: number | null;
  deadLetters: number;
  flags: string[];
}

export interface QueueRow {
  name: string;
  waiting: number;
  delayed: number;
  inFlight: number;
  dead: number;
  liveConsumers: number;
  oldestWaitingAgeMs: number | null;
  flags: QueueFlag[];
}

export interface DashboardState {
  up: boolean;
  /** Why Redis could not be read (naming the flag or variable the URL came from). */
  error: string | null;
  redis: string;
  /** When this state was read (this machine's clock). */
  at: number;
  readMs: number;
  waitersBlocked: number | null;
  waitersNote: string;
  locks: LockRow[];
  semaphores: SemaphoreRow[];
  rateLimits: RateLimitRow[];
  functions: FunctionRow[];
  queues: QueueRow[];
  history: HistoryChart;
}

function holderView(holder: Holder | null, lockId: string, nowMs: number, n8nUrl: string | null): HolderView {
  const workflowId = holder?.workflow_id ?? null;
  const executionId = holder?.execution_id ?? null;
  return {
    lockId,
    workflowId,
    workflowName: holder?.workflow_name ?? null,
    executionId,
    executionUrl: n8nUrl && workflowId && executionId ? `${n8nUrl}/workflow/${encodeURIComponent(workflowId)}/executions/${encodeURIComponent(executionId)}` : null,
    ageMs: heldForMs(holder, nowMs),
  };
}

export interface ViewContext {
  nowMs: number;
  readMs: number;
  redis: string;
  n8nUrl: string | null;
  samples: Totals[];
  latest: Totals | null;
}

export function dashboardState(reading: DashboardReading, context: ViewContext): DashboardState {
  const { report } = reading;
  const { nowMs, n8nUrl } = context;
  const locks: LockRow[] = [];
  const semaphores: SemaphoreRow[] = [];
  for (const lock of report.locks) {
    if (lock.semaphore) {
      const holders = lock.semaphore.holders.map((hold) => ({ ...holderView(hold.holder, hold.lock_id, nowMs, n8nUrl), ttlMs: hold.expires_in_ms }));
      semaphores.push({ scope: lock.scope, held: holders.length, max: lock.semaphore.max_holders, holders });
    }
    if (lock.counter || lock.sidecar) {
      const holder = lock.sidecar?.holder ?? null;
      locks.push({ scope: lock.scope, holder: holder ? holderView(holder, holder.lock_id, nowMs, n8nUrl) : null, ttlMs: lock.counter?.ttl_ms ?? lock.sidecar?.ttl_ms ?? null, fence: holder?.fence ?? null, flags: [...lock.flags] });
    }
  }
  const functions = reading.functions.map((fn): FunctionRow => {
    const status = functionStatus(fn, nowMs, FUNCTION_MAX_AGE_MS);
    return { name: status.name, scope: status.scope, backlog: status.length, pending: status.pending, consumers: status.consumers.length, liveConsumers: status.live_consumers, oldestAgeMs: status.oldest_age_ms, deadLetters: status.dead_letters, flags: [...status.flags] };
  });
  const queues = reading.queues.map((q): QueueRow => {
    const status = queueStatus(q);
    return { name: status.name, waiting: status.waiting, delayed: status.delayed, inFlight: status.in_flight, dead: status.dead, liveConsumers: status.live_consumers, oldestWaitingAgeMs: status.oldest_waiting_age_ms, flags: status.flags };
  });
  return {
    up: true,
    error: null,
    redis: context.redis,
    at: nowMs,
    readMs: context.readMs,
    waitersBlocked: report.waiters.lock_node_blocked,
    waitersNote: WAITERS_PER_SCOPE_UNKNOWN,
    locks,
    semaphores,
    rateLimits: report.rate_limits.map((limit) => rateLimitRow(limit, reading.rateLimitEntries.get(limit.key) ?? [], reading.serverNowMs)),
    functions,
    queues,
    history: historyChart(context.samples, context.latest),
  };
}

/** The state when Redis could not be read: the cause, and the history kept so far. */
export function downState(error: string, context: ViewContext): DashboardState {
  return { up: false, error, redis: context.redis, at: context.nowMs, readMs: context.readMs, waitersBlocked: null, waitersNote: WAITERS_PER_SCOPE_UNKNOWN, locks: [], semaphores: [], rateLimits: [], functions: [], queues: [], history: historyChart(context.samples, null) };
}

/** What one page asks for: a search (a substring, or a glob with * ? [ ]) and a page of the locks. */
export interface PageQuery {
  search: string;
  page: number;
  size: number;
}

export interface Section<T> {
  rows: T[];
  /** Rows that match the search, of `total`. */
  matching: number;
  total: number;
}

export interface DashboardPage extends Omit<DashboardState, 'locks' | 'semaphores' | 'rateLimits' | 'functions' | 'queues'> {
  search: string;
  page: number;
  pages: number;
  size: number;
  locks: Section<LockRow>;
  semaphores: Section<SemaphoreRow>;
  rateLimits: Section<RateLimitRow>;
  functions: Section<FunctionRow>;
  queues: Section<QueueRow>;
}

/** The page's query from its URL parameters; anything odd falls back to the first page of everything. */
export function pageQuery(params: { q?: string | null; page?: string | null; size?: string | null }): PageQuery {
  const page = Number(params.page);
  const size = Number(params.size);
  return {
    search: (params.q ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    size: Number.isSafeInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
  };
}

function matcher(search: string): (text: string) => boolean {
  const trimmed = search.trim();
  if (trimmed === '') return () => true;
  if (/[*?[]/.test(trimmed)) {
    try {
      return compileScopeGlob(trimmed);
    } catch {
      // not a valid glob: search for the text as it is
    }
  }
  const needle = trimmed.toLowerCase();
  return (text) => text.toLowerCase().includes(needle);
}

function section<T>(rows: T[], keep: (row: T) => boolean, from: number, size: number): Section<T> {
  const matching = rows.filter(keep);
  return { rows: matching.slice(from, from + size), matching: matching.length, total: rows.length };
}

export function pageOf(state: DashboardState, query: PageQuery): DashboardPage {
  const matches = matcher(query.search);
  const lockMatches = state.locks.filter((lock) => matches(lock.scope)).length;
  const pages = Math.max(1, Math.ceil(lockMatches / query.size));
  const page = Math.min(query.page, pages);
  const from = (page - 1) * query.size;
  return {
    ...state,
    search: query.search,
    page,
    pages,
    size: query.size,
    locks: section(state.locks, (lock) => matches(lock.scope), from, query.size),
    // The other sections are short in practice: the first `size` matches, with the count of the rest.
    semaphores: section(state.semaphores, (s) => matches(s.scope), 0, query.size),
    rateLimits: section(state.rateLimits, (r) => matches(r.scope), 0, query.size),
    functions: section(state.functions, (f) => matches(f.name) || matches(f.scope), 0, query.size),
    queues: section(state.queues, (q) => matches(q.name), 0, query.size),
  };
}
