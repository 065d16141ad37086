// Pure: what `queue status` and `queue peek` read -> the report, its flags, the exit code and text.
import { formatDuration, renderTable } from './format.js';
import { describeRedisSource } from './redis-url.js';
import { isLiveConsumer, type JobView, type QueueReading } from './queues.js';

export const QUEUE_FLAGS = ['dead-jobs', 'no-live-consumer', 'lapsed-leases'] as const;
export type QueueFlag = (typeof QUEUE_FLAGS)[number];

export const QUEUE_FLAG_ADVICE: Record<QueueFlag, string> = {
  'dead-jobs': 'jobs used up their attempts and are in the dead-letter set: read them with `n8n-lock queue peek <queue> --state dead`, fix the cause, then `n8n-lock queue retry <queue> --all` (or purge them)',
  'no-live-consumer': 'jobs are waiting and no Queue Trigger claimed or beat in the last 30 s: publish (activate) the workflow that starts with the Queue Trigger of this queue',
  'lapsed-leases': 'jobs whose process stopped renewing their lease (it died, or lost Redis): the next claim of a live Queue Trigger delivers them again, as a new attempt',
};

export interface QueueStatus {
  name: string;
  waiting: number;
  delayed: number;
  in_flight: number;
  lapsed: number;
  dead: number;
  oldest_waiting_age_ms: number | null;
  consumers: Array<{ id: string; last_seen_ms_ago: number; live: boolean }>;
  live_consumers: number;
  flags: QueueFlag[];
}

export interface QueuesReport {
  redis: string;
  redis_source: string;
  generated_at: string;
  queues: QueueStatus[];
  summary: { queues: number; flagged: number; waiting: number; in_flight: number; dead: number };
}

export function queueStatus(reading: QueueReading): QueueStatus {
  const now = reading.serverNow;
  const consumers = reading.consumers.map(({ id, lastSeenAt }) => ({ id, last_seen_ms_ago: now - lastSeenAt, live: isLiveConsumer(lastSeenAt, now) })).sort((a, b) => a.id.localeCompare(b.id));
  const live = consumers.filter((c) => c.live).length;
  const flags: QueueFlag[] = [];
  if (reading.dead > 0) flags.push('dead-jobs');
  if (live === 0 && reading.waiting + reading.delayed > 0) flags.push('no-live-consumer');
  if (reading.lapsed > 0) flags.push('lapsed-leases');
  return {
    name: reading.name,
    waiting: reading.waiting,
    delayed: reading.delayed,
    in_flight: reading.active,
    lapsed: reading.lapsed,
    dead: reading.dead,
    oldest_waiting_age_ms: reading.oldestWaitingAt === null ? null : Math.max(0, now - reading.oldestWaitingAt),
    consumers,
    live_consumers: live,
    flags,
  };
}

export function buildQueuesReport(readings: QueueReading[], context: { nowMs: number; redis: string; redisSource?: string }): QueuesReport {
  const queues = readings.map(queueStatus).sort((a, b) => a.name.localeCompare(b.name));
  const sum = (pick: (q: QueueStatus) => number) => queues.reduce((total, q) => total + pick(q), 0);
  return {
    redis: context.redis,
    redis_source: context.redisSource ?? 'default',
    generated_at: new Date(context.nowMs).toISOString(),
    queues,
    summary: { queues: queues.length, flagged: queues.filter((q) => q.flags.length > 0).length, waiting: sum((q) => q.waiting), in_flight: sum((q) => q.in_flight), dead: sum((q) => q.dead) },
  };
}

export const queuesExitCode = (report: QueuesReport): 0 | 1 => (report.summary.flagged > 0 ? 1 : 0);

const age = (ms: number | null) => (ms === null ? '-' : formatDuration(ms));

export function formatQueuesTable(report: QueuesReport): string {
  const out = [`Redis ${report.redis} (${describeRedisSource(report.redis_source)}) at ${report.generated_at}`, ''];
  out.push(`QUEUES: ${report.summary.queues}, ${report.summary.flagged} flagged; ${report.summary.waiting} waiting, ${report.summary.in_flight} in flight, ${report.summary.dead} dead`);
  if (report.queues.length) {
    out.push(
      ...renderTable(
        ['QUEUE', 'WAITING', 'DELAYED', 'IN FLIGHT', 'DEAD', 'OLDEST', 'CONSUMERS', 'FLAGS'],
        report.queues.map((q) => [q.name, String(q.waiting), String(q.delayed), q.lapsed ? `${q.in_flight} (${q.lapsed} lapsed)` : String(q.in_flight), String(q.dead), age(q.oldest_waiting_age_ms), `${q.live_consumers} live / ${q.consumers.length}`, q.flags.length ? q.flags.join(',') : 'ok']),
        ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
  }
  const present = QUEUE_FLAGS.filter((flag) => report.queues.some((q) => q.flags.includes(flag)));
  if (present.length) out.push('', 'FLAGS', ...present.map((flag) => `  ${flag}: ${QUEUE_FLAG_ADVICE[flag]}`));
  return `${out.join('\n')}\n`;
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function formatJobsTable(queue: string, state: string, jobs: JobView[], nowMs: number): string {
  if (jobs.length === 0) return `queue "${queue}": no ${state} jobs\n`;
  const rows = jobs.map((job) => [job.id, job.state, `${job.attempts}/${job.maxAttempts}`, job.enqueuedAt === null ? '-' : age(nowMs - job.enqueuedAt), job.lastError === null ? '-' : oneLine(job.lastError, 50), job.payload === null ? '-' : oneLine(JSON.stringify(job.payload), 60)]);
  return `${renderTable(['ID', 'STATE', 'ATTEMPTS', 'AGE', 'LAST ERROR', 'PAYLOAD'], rows, ['left', 'left', 'right', 'right']).join('\n')}\n`;
}
