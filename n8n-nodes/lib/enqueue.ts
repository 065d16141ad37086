// The Enqueue node's one operation against Redis: one ENQUEUE script per job (n8n-lock-protocol's
// queues.ts), all in one pipeline, and, with Replica Acknowledgements, WAIT on the same connection
// so a job the node reports added survives a failover.
import { enqueueEval, parseEnqueueReply, type JobOptions, type JobState } from 'n8n-lock-protocol/queues';
import type { RedisClient, ReplicaAck } from './redis';
import { execScripts } from './scripts';

export interface EnqueuedJob {
  id: string;
  /** False when a job with this id was known already: that job is returned and nothing is written. */
  created: boolean;
  state: JobState;
}

export class ReplicaAckError extends Error {
  constructor(readonly jobs: EnqueuedJob[], acked: number, ack: ReplicaAck) {
    super(`${acked} of ${ack.replicas} replica(s) acknowledged the jobs within ${ack.timeoutMs} ms: a failover now could lose them. Enqueue them again with the same Job IDs (a known id is not added twice)`);
    this.name = 'ReplicaAckError';
  }
}

/** Adds the jobs in order (one script each, one round trip); throws ReplicaAckError when the replicas did not all acknowledge. */
export async function enqueueJobs(redis: RedisClient, queue: string, jobs: JobOptions[], ack?: ReplicaAck): Promise<EnqueuedJob[]> {
  if (jobs.length === 0) return [];
  const replies = await execScripts(
    redis,
    jobs.map((job) => enqueueEval(queue, job)),
    (pipeline) => {
      if (ack) pipeline.call('WAIT', ack.replicas, ack.timeoutMs);
    },
  );
  const results = replies.slice(0, jobs.length).map(([error, reply]) => {
    if (error) throw error;
    return parseEnqueueReply(reply);
  });
  if (ack) {
    const [waitError, acked] = replies[jobs.length];
    if (waitError) throw waitError;
    if (Number(acked) < ack.replicas) throw new ReplicaAckError(results, Number(acked), ack);
  }
  return results;
}
