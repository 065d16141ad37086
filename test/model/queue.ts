// The model checker for durable queues: the SHIPPED queue scripts (n8n-lock-protocol/queues) run in
// a Lua VM against the Redis model (lua-redis.ts) on a virtual clock, driven by a seeded schedule
// of producers (some reusing job ids, some delaying), workers that claim with one concurrency
// limit, renew their leases, succeed or fail, crash (and come back as a new process), or stall past
// their lease and finish late. After every step:
//   no-job-lost      every accepted job is in exactly one of wait, delayed, active, dead, or is
//                    completed; nothing else is in them; and at the end every job is completed or dead
//   never-twice      no job has two live deliveries (a delivery is live from its claim until its
//                    complete / fail, or until its lease lapses, whichever comes first; the lease
//                    ends where the server put it: its TIME in whole ms plus the lease)
//   concurrency      live deliveries never exceed the limit, across all workers
//   dead-exhausted   a dead job was claimed exactly maxAttempts times, and its hash says so
// plus: only the attempt that holds a job can complete or fail it; a job completes at most once;
// every backoff falls within its jitter bounds.
import { backoffBounds, claimEval, completeEval, enqueueEval, failEval, jobKey, parseClaimReply, parseEnqueueReply, parseFailReply, queueKeys, renewEval, type BackoffType } from 'n8n-lock-protocol/queues';
import { LuaRedis, VirtualClock } from './lua-redis.js';
import { prng } from './explore.js';

export interface QueueScenario {
  seed: number;
  jobs: number;
  arrivalSpreadMs: number;
  workers: number;
  limit: number;
  leaseMs: number;
  runMs: [number, number];
  attempts: [number, number];
  backoff: BackoffType;
  backoffMs: number;
  jitter: number;
  /** Chance an attempt of an ordinary job fails. */
  failRate: number;
  /** Share of jobs that always fail (they must end dead). */
  poisonRate: number;
  /** Chance a worker crashes while a delivery of it runs. */
  crashRate: number;
  /** Chance a delivery stops renewing for longer than its lease, then finishes late. */
  stallRate: number;
  duplicateIdRate: number;
  delayRate: number;
  pollMs: number;
  restartMs: number;
}

export const QUEUE_SCENARIO: Omit<QueueScenario, 'seed'> = {
  jobs: 24,
  arrivalSpreadMs: 3_000,
  workers: 3,
  limit: 3,
  leaseMs: 1_000,
  runMs: [50, 900],
  attempts: [1, 3],
  backoff: 'exponential',
  backoffMs: 200,
  jitter: 0.5,
  failRate: 0.25,
  poisonRate: 0.15,
  crashRate: 0.08,
  stallRate: 0.08,
  duplicateIdRate: 0.15,
  delayRate: 0.2,
  pollMs: 100,
  restartMs: 1_500,
};

/** Scripts may be swapped for a broken one, to show the checker catches it. */
export type QueueScripts = Partial<Record<'enqueue' | 'claim' | 'renew' | 'complete' | 'fail', string>>;

export interface QueueRun {
  violations: string[];
  steps: number;
  evals: number;
  /** The most live deliveries seen at once. */
  maxConcurrent: number;
  completed: number;
  dead: number;
  redelivered: number;
}

interface Delivery {
  id: string;
  attempt: number;
  worker: Worker;
  /** The worker process that claimed it (a restarted worker is a new process). */
  process: string;
  leaseEnd: number;
  ended: boolean;
  stalledUntil: number;
}

interface Worker {
  name: string;
  consumerId: string;
  alive: boolean;
  running: Set<Delivery>;
}

type EventBody = { at: number } & (
  | { kind: 'enqueue'; index: number }
  | { kind: 'poll'; worker: Worker }
  | { kind: 'renew'; delivery: Delivery }
  | { kind: 'finish'; delivery: Delivery }
  | { kind: 'crash'; worker: Worker; process: string }
  | { kind: 'restart'; worker: Worker }
);
/** Events due at the same instant run in an order drawn from the seed (`tie`). */
type Event = EventBody & { tie: number };

const QUEUE = 'orders';

export function runQueue(scenario: QueueScenario, scripts: QueueScripts = {}): QueueRun {
  const s = scenario;
  const random = prng(s.seed);
  const clock = new VirtualClock();
  const redis = new LuaRedis(clock);
  const start = clock.now;
  const keys = queueKeys(QUEUE);
  const violations: string[] = [];
  const events: Event[] = [];
  const at = (ms: number) => `+${Math.round(ms - start)} ms`;
  const schedule = (event: EventBody) => events.push({ ...event, tie: random() });
  const evalScript = (name: keyof QueueScripts, [script, count, ...args]: [string, number, ...string[]]) => redis.eval(scripts[name] ?? script, args.slice(0, count), args.slice(count));

  const accepted = new Map<string, { maxAttempts: number; claims: number; poison: boolean; completions: number }>();
  const deliveries: Delivery[] = [];
  const workers: Worker[] = Array.from({ length: s.workers }, (_, i) => ({ name: `W${i}`, consumerId: `W${i}.0`, alive: true, running: new Set() }));
  let maxConcurrent = 0;
  let redelivered = 0;
  let steps = 0;

  for (let i = 0; i < s.jobs; i++) schedule({ kind: 'enqueue', index: i, at: start + Math.floor(random() * s.arrivalSpreadMs) });
  for (const worker of workers) schedule({ kind: 'poll', worker, at: start });

  /** A crashed process's deliveries never renew nor finish, even once its worker is back. */
  const alive = (delivery: Delivery) => delivery.worker.alive && delivery.worker.consumerId === delivery.process;
  const live = () => deliveries.filter((d) => !d.ended && d.leaseEnd > clock.now);

  const check = () => {
    const liveNow = live();
    maxConcurrent = Math.max(maxConcurrent, liveNow.length);
    if (liveNow.length > s.limit) violations.push(`concurrency: ${liveNow.length} live deliveries at ${at(clock.now)} (limit ${s.limit})`);
    const byJob = new Map<string, number>();
    for (const d of liveNow) byJob.set(d.id, (byJob.get(d.id) ?? 0) + 1);
    for (const [id, n] of byJob) if (n > 1) violations.push(`never-twice: job ${id} has ${n} live deliveries at ${at(clock.now)}`);
    const places = new Map<string, string[]>();
    const add = (id: string, where: string) => places.set(id, [...(places.get(id) ?? []), where]);
    for (const id of redis.list(keys.wait)) add(id, 'waiting');
    for (const [where, key] of [['delayed', keys.delayed], ['active', keys.active], ['dead', keys.dead]] as const) for (const id of redis.zset(key).keys()) add(id, where);
    for (const [id, job] of accepted) {
      const state = redis.hash(jobKey(QUEUE, id))?.get('state');
      const where = places.get(id) ?? [];
      if (state === 'completed' ? where.length !== 0 : where.length !== 1 || where[0] !== state) violations.push(`no-job-lost: job ${id} is in [${where.join(', ')}] with state ${state ?? 'none'} at ${at(clock.now)}`);
      if (state === 'dead' && (job.claims !== job.maxAttempts || redis.hash(jobKey(QUEUE, id))?.get('attempts') !== String(job.maxAttempts))) {
        violations.push(`dead-exhausted: job ${id} is dead after ${job.claims} claims (attempts ${redis.hash(jobKey(QUEUE, id))?.get('attempts')}, max ${job.maxAttempts})`);
      }
    }
    for (const id of places.keys()) if (!accepted.has(id)) violations.push(`no-job-lost: ${id} is queued but was never accepted`);
  };

  const handlers = {
    enqueue: (index: number) => {
      const known = [...accepted.keys()];
      const reuse = known.length > 0 && random() < s.duplicateIdRate;
      const jobId = reuse ? known[Math.floor(random() * known.length)] : random() < 0.5 ? '' : `job-${index}`;
      const maxAttempts = s.attempts[0] + Math.floor(random() * (s.attempts[1] - s.attempts[0] + 1));
      const delayMs = random() < s.delayRate ? Math.floor(random() * 1_000) : 0;
      const reply = parseEnqueueReply(evalScript('enqueue', enqueueEval(QUEUE, { jobId, payload: JSON.stringify({ index }), delayMs, attempts: maxAttempts, backoff: s.backoff, backoffMs: s.backoffMs, jitter: s.jitter, retentionMs: 3_600_000 })));
      if (reuse && reply.created) violations.push(`dedup: job id ${jobId} was added twice`);
      if (!reuse && !reply.created) violations.push(`dedup: a new job (${jobId || 'generated id'}) was refused as known`);
      if (reply.created) accepted.set(reply.id, { maxAttempts, claims: 0, poison: random() < s.poisonRate, completions: 0 });
    },
    poll: (worker: Worker) => {
      if (!worker.alive) return;
      const reply = parseClaimReply(evalScript('claim', claimEval(QUEUE, { limit: s.limit, leaseMs: s.leaseMs, consumerId: worker.consumerId, most: s.limit - worker.running.size, rnd: random() })));
      for (const job of reply.jobs) {
        const record = accepted.get(job.id);
        if (!record) {
          violations.push(`claim handed out ${job.id}, which was never accepted`);
          continue;
        }
        record.claims++;
        if (record.claims > 1) redelivered++;
        if (job.attempt !== record.claims) violations.push(`attempts: job ${job.id} claimed as attempt ${job.attempt}, but it is its claim number ${record.claims}`);
        const stalled = random() < s.stallRate;
        const delivery: Delivery = { id: job.id, attempt: job.attempt, worker, process: worker.consumerId, leaseEnd: reply.now + s.leaseMs, ended: false, stalledUntil: stalled ? clock.now + s.leaseMs * 2 : 0 };
        deliveries.push(delivery);
        worker.running.add(delivery);
        const runMs = s.runMs[0] + Math.floor(random() * (s.runMs[1] - s.runMs[0]));
        schedule({ kind: 'finish', delivery, at: clock.now + (stalled ? s.leaseMs * 2 + runMs : runMs) });
        schedule({ kind: 'renew', delivery, at: clock.now + s.leaseMs / 3 });
        if (random() < s.crashRate) schedule({ kind: 'crash', worker, process: worker.consumerId, at: clock.now + Math.floor(random() * runMs) });
      }
      const next = reply.jobs.length > 0 ? 1 : reply.nextDelayedAt !== null && reply.waiting === 0 ? Math.max(1, Math.min(s.pollMs, reply.nextDelayedAt - clock.now)) : s.pollMs;
      schedule({ kind: 'poll', worker, at: clock.now + next });
    },
    renew: (delivery: Delivery) => {
      if (!alive(delivery) || delivery.ended) return;
      if (clock.now < delivery.stalledUntil) {
        schedule({ kind: 'renew', delivery, at: delivery.stalledUntil });
        return;
      }
      const renewed = Number(evalScript('renew', renewEval(QUEUE, delivery.id, delivery.attempt, s.leaseMs, delivery.worker.consumerId))) === 1;
      if (renewed && delivery.leaseEnd <= clock.now) violations.push(`lease: job ${delivery.id} attempt ${delivery.attempt} renewed after its lease lapsed`);
      if (!renewed) return;
      // The lease the server recorded: its TIME in whole ms, not the model's fractional clock.
      delivery.leaseEnd = Math.floor(clock.now) + s.leaseMs;
      schedule({ kind: 'renew', delivery, at: clock.now + s.leaseMs / 3 });
    },
    finish: (delivery: Delivery) => {
      if (!alive(delivery) || delivery.ended) return;
      const record = accepted.get(delivery.id)!;
      const newer = deliveries.some((d) => d.id === delivery.id && d.attempt > delivery.attempt);
      delivery.ended = true;
      delivery.worker.running.delete(delivery);
      const succeeds = !record.poison && random() >= s.failRate;
      if (succeeds) {
        const done = Number(evalScript('complete', completeEval(QUEUE, delivery.id, delivery.attempt))) === 1;
        if (done && newer) violations.push(`stale ack: attempt ${delivery.attempt} of job ${delivery.id} completed it after a later delivery took it`);
        if (done && ++record.completions > 1) violations.push(`completed twice: job ${delivery.id}`);
        return;
      }
      const reply = parseFailReply(evalScript('fail', failEval(QUEUE, delivery.id, delivery.attempt, 'boom', random())));
      if (reply.outcome !== 'not-held' && newer) violations.push(`stale ack: attempt ${delivery.attempt} of job ${delivery.id} failed it after a later delivery took it`);
      if (reply.outcome === 'retry') {
        const { minMs, maxMs } = backoffBounds(s.backoff, s.backoffMs, s.jitter, delivery.attempt);
        if (reply.delayMs < minMs || reply.delayMs > maxMs) violations.push(`backoff: job ${delivery.id} after attempt ${delivery.attempt} waits ${reply.delayMs} ms, outside [${minMs}, ${maxMs}]`);
      }
    },
    crash: (worker: Worker, process: string) => {
      if (!worker.alive || worker.consumerId !== process) return;
      worker.alive = false;
      worker.running.clear();
      schedule({ kind: 'restart', worker, at: clock.now + s.restartMs });
    },
    restart: (worker: Worker) => {
      worker.alive = true;
      worker.consumerId = `${worker.name}.${Number(worker.consumerId.split('.')[1]) + 1}`;
      schedule({ kind: 'poll', worker, at: clock.now });
    },
  };

  const finished = () => events.every((e) => e.kind !== 'enqueue') && [...accepted.keys()].every((id) => ['completed', 'dead'].includes(redis.hash(jobKey(QUEUE, id))?.get('state') ?? ''));
  // Every job arrives within seconds and a worker is back within restartMs: a minute is plenty.
  const endBy = start + 60_000;
  while (events.length && !finished() && clock.now < endBy) {
    events.sort((a, b) => a.at - b.at || a.tie - b.tie);
    const event = events.shift()!;
    clock.now = Math.max(clock.now, event.at);
    steps++;
    if (event.kind === 'enqueue') handlers.enqueue(event.index);
    else if (event.kind === 'poll') handlers.poll(event.worker);
    else if (event.kind === 'renew') handlers.renew(event.delivery);
    else if (event.kind === 'finish') handlers.finish(event.delivery);
    else if (event.kind === 'crash') handlers.crash(event.worker, event.process);
    else handlers.restart(event.worker);
    check();
    if (violations.length > 20) break;
  }
  const unfinished = [...accepted.keys()].filter((id) => !['completed', 'dead'].includes(redis.hash(jobKey(QUEUE, id))?.get('state') ?? ''));
  if (unfinished.length) violations.push(`no-job-lost: ${unfinished.length} job(s) never completed nor died within ${(endBy - start) / 1000} s: ${unfinished.slice(0, 5).join(', ')}`);
  const states = [...accepted.keys()].map((id) => redis.hash(jobKey(QUEUE, id))?.get('state'));
  return { violations, steps, evals: redis.evals, maxConcurrent, completed: states.filter((x) => x === 'completed').length, dead: states.filter((x) => x === 'dead').length, redelivered };
}
