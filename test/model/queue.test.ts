// The queue scripts under the model checker (queue.ts runs the shipped Lua): no violation of the
// four properties over seeded schedules with crashes, stalls past the lease and retries, and each
// property shown to bite: a script broken on purpose is caught.
import { describe, expect, it } from 'vitest';
import { CLAIM_SCRIPT, COMPLETE_SCRIPT, ENQUEUE_SCRIPT, FAIL_SCRIPT } from 'n8n-lock-protocol/queues';
import { QUEUE_SCENARIO, runQueue, type QueueScripts } from './queue.js';

const SCHEDULES = 40;

/** Every violation of 20 schedules run with the broken scripts. */
function violationsWith(scripts: QueueScripts): string[] {
  for (const [name, script] of Object.entries(scripts)) expect(script, name).not.toBe({ enqueue: ENQUEUE_SCRIPT, claim: CLAIM_SCRIPT, complete: COMPLETE_SCRIPT, fail: FAIL_SCRIPT }[name]);
  return Array.from({ length: 20 }, (_, i) => runQueue({ ...QUEUE_SCENARIO, seed: i + 1 }, scripts).violations).flat();
}

describe('durable queue, 3 workers, limit 3, crashes, stalls past the lease, retries and dead letters', () => {
  it(`${SCHEDULES} schedules: no job lost, none twice at once, never above the limit, dead only when attempts are used up`, () => {
    let maxConcurrent = 0;
    let dead = 0;
    let redelivered = 0;
    for (let seed = 1; seed <= SCHEDULES; seed++) {
      const run = runQueue({ ...QUEUE_SCENARIO, seed });
      expect(run.violations, `seed ${seed}`).toEqual([]);
      maxConcurrent = Math.max(maxConcurrent, run.maxConcurrent);
      dead += run.dead;
      redelivered += run.redelivered;
    }
    // The schedules reach what the properties are about: the limit, dead letters, redeliveries.
    expect(maxConcurrent).toBe(3);
    expect(dead).toBeGreaterThan(0);
    expect(redelivered).toBeGreaterThan(0);
  });

  it('caught: a claim that ignores the concurrency limit', () => {
    expect(violationsWith({ claim: CLAIM_SCRIPT.replace('tonumber(ARGV[2]) - active', 'tonumber(ARGV[5])') }).some((v) => v.startsWith('concurrency'))).toBe(true);
  });

  it('caught: one attempt more than allowed before the dead-letter set', () => {
    const extra = (script: string) => script.replace('attempts >= max_attempts', 'attempts > max_attempts');
    expect(violationsWith({ claim: extra(CLAIM_SCRIPT), fail: extra(FAIL_SCRIPT) }).some((v) => v.startsWith('dead-exhausted'))).toBe(true);
  });

  it('caught: an acknowledgement that does not check it comes from the attempt holding the job', () => {
    const stale = (script: string) => script.replace("and redis.call('HGET', job_key(id), 'attempts') == attempt", '');
    const found = violationsWith({ complete: stale(COMPLETE_SCRIPT), fail: stale(FAIL_SCRIPT) });
    expect(found.some((v) => v.startsWith('stale ack') || v.startsWith('never-twice'))).toBe(true);
  });

  it('caught: a claim that never takes back lapsed leases (a crashed worker\'s jobs are lost)', () => {
    expect(violationsWith({ claim: CLAIM_SCRIPT.replace("ZRANGEBYSCORE', KEYS[3], '-inf', now", "ZRANGEBYSCORE', KEYS[3], '-inf', 0") }).some((v) => v.startsWith('no-job-lost'))).toBe(true);
  });

  it('caught: an enqueue that does not deduplicate job ids', () => {
    expect(violationsWith({ enqueue: ENQUEUE_SCRIPT.replace('if state then return {0, id, state} end', '') }).some((v) => v.startsWith('dedup'))).toBe(true);
  });

  it('caught: a backoff outside its jitter bounds', () => {
    expect(violationsWith({ fail: FAIL_SCRIPT.replace('delay = math.floor(delay * (1 - (tonumber(f[5]) or 0) * rnd))', 'delay = math.floor(delay * 1.5)') }).some((v) => v.startsWith('backoff'))).toBe(true);
  });
});
