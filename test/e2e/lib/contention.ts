// What the benches share: a user repository of bench workflows with fixed ids, patched by the real
// CLI; a critical section that records its own clocks; and one burst of concurrent callers of a
// locked webhook, measured from those clocks and from n8n's run data.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, type Stack } from '../harness/index.js';
import { n8nLock, PRIMITIVE_KEYS, REDIS_CREDENTIAL_ID, workflowId } from './deploy.js';
import { code, redisPush, wait } from './fixtures.js';

/**
 * Writes `flows` (by key) into dir/repo with an env `bench` that names every primitive and flow by
 * its fixed id; returns the repository and `must`, which runs the real CLI on it and throws on failure.
 */
export function benchRepository(dir: string, flows: Record<string, unknown>): { repo: string; must: (args: string[]) => void } {
  const repo = join(dir, 'repo');
  mkdirSync(join(repo, 'workflows'), { recursive: true });
  mkdirSync(join(repo, 'envs'), { recursive: true });
  for (const [key, wf] of Object.entries(flows)) writeFileSync(join(repo, 'workflows', `${key}.json`), JSON.stringify(wf, null, 2));
  const keys = [...PRIMITIVE_KEYS, ...Object.keys(flows)];
  writeFileSync(
    join(repo, 'envs', 'bench.yml'),
    ['credentials:', `  redis: { id: "${REDIS_CREDENTIAL_ID}", name: "Redis" }`, 'workflows:', ...keys.map((k) => `  ${k}: { id: "${workflowId(k)}", name: "${k}" }`), ''].join('\n'),
  );
  const must = (args: string[]) => {
    const r = n8nLock(repo, args);
    if (r.status !== 0) throw new Error(`n8n-lock ${args.join(' ')}: ${r.stderr}`);
  };
  return { repo, must };
}

/** The critical section: Enter (Code-node clock) -> Hold (a Wait of `hold` s) -> Leave -> Record ({start, end} pushed to `list`). */
export function criticalSection(list: string, hold: number) {
  return [
    code('Enter', 'return [{ json: { start: Date.now() } }];'),
    wait('Hold', hold),
    code('Leave', "return [{ json: { start: $('Enter').first().json.start, end: Date.now() } }];"),
    redisPush('Record', list),
  ];
}

export interface Contention {
  /** Seconds from the first call to the last answer. */
  wall: number;
  /** Answers other than HTTP 200. */
  failures: number;
  /** The critical sections as their Code nodes clocked them, in order of entry. */
  intervals: Array<{ start: number; end: number }>;
  /** Critical section end -> the next one's start (Code-node clocks), ms. */
  gaps: number[];
  /** The lock's own handover from n8n's run data: a Lock Release starts -> the next Lock Acquire has ended, ms. */
  lockHandovers: number[];
  /** Median ms per node of the callers' executions (run data). */
  step: (name: string) => number;
  /** The newest execution id before the burst: what came after it is this burst's. */
  afterId: number;
}

/**
 * `callers` concurrent calls of the locked webhook `path` whose critical section records into
 * `list` (emptied first), workflow `key`; measured once every answer is in.
 */
export async function contend(stack: Stack, path: string, list: string, key: string, callers: number): Promise<Contention> {
  const { n8n, redis } = stack;
  await redis.client.del(list);
  const afterId = await n8n.lastExecutionId();
  const started = Date.now();
  const responses = await Promise.all(Array.from({ length: callers }, () => n8n.call(path)));
  const wall = (Date.now() - started) / 1000;
  const intervals = (await redis.client.lrange(list, 0, -1)).map((s) => JSON.parse(s) as { start: number; end: number }).sort((a, b) => a.start - b.start);
  const gaps = intervals.slice(1).map((x, i) => x.start - intervals[i].end);
  const timings = (await n8n.nodeTimings(workflowId(key), { limit: callers, afterId }))
    .map((e) => e.nodes)
    .filter((n) => n['Lock Acquire'] && n['Lock Release'])
    .sort((a, b) => a['Lock Acquire'].start + a['Lock Acquire'].ms - (b['Lock Acquire'].start + b['Lock Acquire'].ms));
  const lockHandovers = timings.slice(1).map((n, i) => n['Lock Acquire'].start + n['Lock Acquire'].ms - timings[i]['Lock Release'].start);
  return {
    wall,
    failures: responses.filter((r) => r.status !== 200).length,
    intervals,
    gaps,
    lockHandovers,
    step: (name) => median(timings.map((n) => n[name]?.ms ?? 0)),
    afterId,
  };
}
