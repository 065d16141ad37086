// What a Sentinel failover does to queued jobs, on real servers (a master, a replica, three
// sentinels), with Replica Acknowledgements on, as failover.test.ts measures the locks and the
// functions:
//   1. healthy: 10 jobs enqueued, a Queue Trigger engine (concurrency 5) running them (1.5 s each);
//   2. the replica is cut off: 10 more jobs enqueued;
//   3. the master is SIGKILLed; the sentinels promote the replica, which never saw step 2's writes;
//   4. the jobs the Enqueue node reported as not acknowledged are enqueued again with the same job
//      ids (what its error says to do), and everything runs to its end.
// Printed:
//   queue failover: jobs_lost=<n> completed_twice=<n> replica_ack=on
// jobs_lost: jobs the producer was told were added that never completed; completed_twice: jobs that
// ran to success twice: a completion (or a claim) the master took but the replica never saw is
// undone by the failover, so the job runs again: at-least-once, as docs/queues.md says.
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { jobKey, type JobOptions } from 'n8n-lock-protocol/queues';
import { startSentinelSet, MASTER_NAME, type TestSentinelSet } from '../../test/ops/support/redis-deployments.js';
import { enqueueJobs, ReplicaAckError } from '../lib/enqueue';
import { QueueConsumer } from '../lib/queue-consumer';
import { close, connectResilient, replicaAckOf, type RedisCredential } from '../lib/redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const QUEUE = 'failover';
const job = (jobId: string): JobOptions => ({ jobId, payload: '{}', delayMs: 0, attempts: 5, backoff: 'fixed', backoffMs: 200, jitter: 0, retentionMs: 3_600_000 });

async function measure(set: TestSentinelSet, replicaAck: boolean) {
  const credential: RedisCredential = { topology: 'sentinel', sentinels: set.sentinelsText, masterName: MASTER_NAME, database: 0, replicaAcks: replicaAck ? 1 : 0, replicaAckTimeoutMs: 300 };
  const ack = replicaAckOf(credential);
  const [commands, waker, producer] = await Promise.all(['fo-commands', 'fo-waker', 'fo-producer'].map((name) => connectResilient(credential, name)));
  const succeeded = new Map<string, number>();
  const consumer = new QueueConsumer(commands, waker, { queue: QUEUE, consumerId: 'fo', concurrency: 5, leaseMs: 3_000, blockMs: 200, heartbeatMs: 300 }, {
    run: async (json) => {
      await sleep(1_500);
      const id = (json._queueJob as { jobId: string }).jobId;
      succeeded.set(id, (succeeded.get(id) ?? 0) + 1);
      return { status: 'success' };
    },
  });
  await consumer.start();
  const accepted: string[] = [];
  const refused: string[] = [];
  const add = async (ids: string[]) => {
    for (const id of ids) {
      try {
        await enqueueJobs(producer, QUEUE, [job(id)], ack);
        accepted.push(id);
      } catch (error) {
        if (!(error instanceof ReplicaAckError)) throw error;
        refused.push(id);
      }
    }
  };
  try {
    // 1. healthy
    await add(Array.from({ length: 10 }, (_, i) => `healthy-${i}`));
    const deadline = Date.now() + 5_000;
    while (consumer.jobsRunning < 5 && Date.now() < deadline) await sleep(20);
    // 2. the replica cut off
    await set.partition();
    await add(Array.from({ length: 10 }, (_, i) => `partitioned-${i}`));
    await sleep(500);
    // 3. the master dies
    const failoverMs = await set.failover();
    // 4. the refused jobs again, same ids (the promoted master has no replica left: no acknowledgement to wait for)
    // The producer reconnects to the promoted master by itself; at load 20 that took more than the
    // 5 s this loop allowed before ("Connection is closed"), so it now tries for 30 s.
    const retryUntil = Date.now() + 30_000;
    for (const id of refused) {
      for (;;) {
        try {
          await enqueueJobs(producer, QUEUE, [job(id)]);
          break;
        } catch (error) {
          if (Date.now() > retryUntil) throw error;
          await sleep(250);
        }
      }
    }
    const master = new Redis({ port: await set.masterPort(), host: '127.0.0.1' });
    const expected = [...accepted, ...refused];
    const completed = async () => (await Promise.all(expected.map((id) => master.hget(jobKey(QUEUE, id), 'state')))).filter((s) => s === 'completed').length;
    const until = Date.now() + 60_000;
    while ((await completed()) < expected.length && Date.now() < until) await sleep(250);
    const states = await Promise.all(accepted.map((id) => master.hget(jobKey(QUEUE, id), 'state')));
    master.disconnect();
    return {
      jobs_lost: states.filter((s) => s !== 'completed').length,
      completed_twice: [...succeeded.values()].filter((n) => n > 1).length,
      refused: refused.length,
      accepted: accepted.length,
      failover_ms: failoverMs,
    };
  } finally {
    await consumer.stop(0);
    await Promise.all([commands, waker, producer].map((c) => close(c)));
  }
}

describe('a Sentinel failover while jobs are queued and running', () => {
  let set: TestSentinelSet | undefined;
  afterEach(async () => {
    await set?.stop();
    set = undefined;
  });

  // Only with acknowledgement: the run without it (the partitioned jobs accepted, then gone with
  // the master) also left the replicated jobs unfinished for 60 s, which is not understood yet and
  // is not claimed here.
  it('replica acknowledgement on', async () => {
    set = await startSentinelSet();
    const m = await measure(set, true);
    console.log(`queue failover: jobs_lost=${m.jobs_lost} completed_twice=${m.completed_twice} replica_ack=on`);
    console.log(`queue failover detail: replica_ack=on accepted=${m.accepted} refused_then_enqueued_again=${m.refused} failover_ms=${m.failover_ms}`);
    // Every job the producer was told was added survives; the partitioned ones were refused, and
    // enqueued again after the failover by their ids. Jobs that completed on the old master after
    // the partition ran again on the new one: at-least-once (docs/queues.md).
    expect([m.jobs_lost, m.accepted, m.refused]).toEqual([0, 10, 10]);
  }, 150_000);
});
