// Pure: reports -> text. Table for people, JSON for scripts.
import { describeRedisSource } from './redis-url.js';
import { waitersLine } from './waiters.js';
import { FLAG_ADVICE, LOCK_FLAGS, type Holder, type LockStatus, type RateLimitStatus, type SemaphoreStatus, type StatusReport } from './status.js';

/** Compact, two units at most: "42s", "3m05s", "5h03m", "2d05h". Negative (clock skew) keeps its sign. */
export function formatDuration(ms: number): string {
  if (ms < 0) return `-${formatDuration(-ms)}`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${pad(seconds % 60)}s`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h${pad(Math.floor((seconds % 3600) / 60))}m`;
  return `${Math.floor(seconds / 86_400)}d${pad(Math.floor((seconds % 86_400) / 3600))}h`;
}

/** TTL cell: "never" for no expiry, "-" when the key is absent. */
export function formatTtl(ttlMs: number | null | undefined): string {
  if (ttlMs === undefined) return '-';
  return ttlMs === null ? 'never' : formatDuration(ttlMs);
}

export function describeHolder(holder: Holder): string {
  return `${holder.workflow_name ?? '?'} (workflow ${holder.workflow_id ?? '?'}, execution ${holder.execution_id ?? '?'}${holder.fence === undefined ? '' : `, fence ${holder.fence}`})`;
}

/** Long cells are cut so one odd scope cannot push every other column off screen; JSON keeps full values. */
function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

type Align = 'left' | 'right';

export function renderTable(headers: string[], rows: string[][], align: Align[] = []): string[] {
  // reduce, not Math.max(...spread): a spread of 100k rows overflows the call stack.
  const widths = headers.map((header, column) => rows.reduce((width, row) => Math.max(width, row[column].length), header.length));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : align[column] === 'right' ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

function lockRow(lock: LockStatus): string[] {
  if (lock.semaphore) return semaphoreRow(lock, lock.semaphore);
  const holder = lock.sidecar?.holder;
  // Compact in the table (the sentence form is for unlock's messages).
  const holderCell = !lock.sidecar ? '-' : holder ? `${holder.workflow_name ?? '?'} (wf ${holder.workflow_id ?? '?'}, exec ${holder.execution_id ?? '?'}${holder.fence === undefined ? '' : `, fence ${holder.fence}`})` : '(unparseable :meta)';
  let ttl = formatTtl(lock.counter ? lock.counter.ttl_ms : undefined);
  // The sidecar's TTL only matters when it tells a different story than the counter's.
  if (lock.sidecar && (lock.flags.includes('ttl-drift') || !lock.counter)) ttl += ` (meta ${formatTtl(lock.sidecar.ttl_ms)})`;
  return [
    truncate(lock.scope, 48),
    lock.counter ? (lock.counter.count === null ? '?' : String(lock.counter.count)) : '-',
    ttl,
    lock.held_for_ms === null ? '-' : formatDuration(lock.held_for_ms),
    truncate(holderCell, 72),
    truncate(holder?.lock_id ?? '-', 36),
    WAITERS_CELL,
    lock.flags.length ? lock.flags.join(',') : 'ok',
  ];
}

/** `?`, never 0: nothing records waiters per scope (waiters.ts); the line under the table says why. */
const WAITERS_CELL = '?';

/** A semaphore scope: `holders n/N` where a mutex shows its count, and its holders one after another. */
function semaphoreRow(lock: LockStatus, semaphore: SemaphoreStatus): string[] {
  const { holders, max_holders } = semaphore;
  const first = holders[0]?.holder;
  const holderCell = holders.length === 0 ? '-' : `${first ? `${first.workflow_name ?? '?'} (wf ${first.workflow_id ?? '?'}, exec ${first.execution_id ?? '?'})` : '?'}${holders.length > 1 ? ` +${holders.length - 1} more` : ''}`;
  return [
    truncate(lock.scope, 48),
    `holders ${holders.length}/${max_holders ?? '?'}`,
    holders.length ? formatTtl(Math.max(...holders.map((hold) => hold.expires_in_ms))) : '-',
    lock.held_for_ms === null ? '-' : formatDuration(lock.held_for_ms),
    truncate(holderCell, 72),
    truncate(holders.map((hold) => hold.lock_id).join(','), 36) || '-',
    WAITERS_CELL,
    lock.flags.length ? lock.flags.join(',') : 'ok',
  ];
}

function rateLimitRow(bucket: RateLimitStatus): string[] {
  return [truncate(bucket.scope, 48), bucket.bucket === null ? (bucket.algorithm ?? '?') : String(bucket.bucket), bucket.count === null ? '?' : String(bucket.count), formatTtl(bucket.ttl_ms), bucket.flags.length ? bucket.flags.join(',') : 'ok'];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatStatusTable(report: StatusReport): string {
  const { summary } = report;
  const out: string[] = [];
  // The source on the first line: a wrong Redis that happens to be empty must not pass for a healthy one.
  out.push(`Redis ${report.redis} (${describeRedisSource(report.redis_source)}) at ${report.generated_at}${report.scope_glob === null ? '' : `, scope ${report.scope_glob}`}`);
  out.push('');
  out.push(`LOCKS: ${plural(summary.locks, 'lock')}, ${summary.flagged_locks} flagged`);
  if (report.locks.length) out.push(...renderTable(['SCOPE', 'COUNT', 'TTL', 'HELD FOR', 'HOLDER', 'LOCK ID', 'WAITERS', 'FLAGS'], report.locks.map(lockRow), ['left', 'right']));
  if (report.locks.length || report.waiters.lock_node_blocked) out.push(waitersLine({ blocked: report.waiters.lock_node_blocked, error: report.waiters.error }));
  out.push('');
  out.push(`RATE LIMITS: ${plural(summary.rate_limit_buckets, 'bucket')}, ${summary.flagged_rate_limit_buckets} flagged`);
  if (report.rate_limits.length) out.push(...renderTable(['SCOPE', 'BUCKET', 'COUNT', 'TTL', 'FLAGS'], report.rate_limits.map(rateLimitRow), ['left', 'right', 'right', 'right']));

  // Only the flags present, each with what to do: the table is the runbook.
  const present = LOCK_FLAGS.filter((flag) => summary.lock_flags[flag] > 0);
  const bucketNoTtl = report.rate_limits.some((bucket) => bucket.flags.includes('no-ttl'));
  const bucketNotInteger = report.rate_limits.some((bucket) => bucket.flags.includes('counter-not-integer'));
  if (present.length || bucketNoTtl || bucketNotInteger) {
    out.push('', 'FLAGS');
    for (const flag of present) out.push(`  ${flag} (${summary.lock_flags[flag]}): ${FLAG_ADVICE[flag]}`);
    if (bucketNoTtl) out.push('  no-ttl on a rate-limit bucket: it never expires (the INCR ran without expire). Harmless for limiting (buckets rotate), but it leaks; delete it with redis-cli DEL');
    if (bucketNotInteger && !present.includes('counter-not-integer')) out.push(`  counter-not-integer: ${FLAG_ADVICE['counter-not-integer']}`);
  }
  return `${out.join('\n')}\n`;
}

/** The documented JSON shape (docs/operating-locks.md): the report as is, two-space indented. */
export function formatStatusJson(report: StatusReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
