// Pure: whether the execution a lock's sidecar names still runs, from what n8n's public API said
// (GET /api/v1/executions/{id}), and what unlock tells the operator about freeing its lock.
//
// n8n 2.41 (public-api/v1/controllers/executions.public.controller.js): the single GET does not
// hide running executions (only the list route does), answers 404 "Not Found" for an id it has no
// row for or whose workflow the key's user may not read, and needs the key scope execution:read.
// A row exists from the start (status new, then running); `waiting` is an execution parked in a
// Wait node that will resume and still release its lock; a finished one is success, error,
// crashed or canceled; with saving of successful executions off, a finished one is deleted (404).
import { describeHolder } from './format.js';
import type { Holder } from './status.js';

/** What n8n answered about one execution, or why it was not asked. */
export type ExecutionAnswer =
  | { kind: 'found'; status: string; startedAt: string | null; stoppedAt: string | null; waitTill: string | null }
  | { kind: 'not-found' }
  | { kind: 'failed'; why: string }
  | { kind: 'not-asked'; why: string };

export const LIVE_STATUSES = ['new', 'running', 'waiting'] as const;
export const FINISHED_STATUSES = ['success', 'error', 'crashed', 'canceled'] as const;

export interface Liveness {
  verdict: 'live' | 'finished' | 'unknown';
  /** What n8n said (or why nothing was learnt), as a clause: "n8n at ... says running since ...". */
  said: string;
}

export function livenessOf(executionId: string, answer: ExecutionAnswer, n8nBase: string | null): Liveness {
  const at = n8nBase ? `n8n at ${n8nBase}` : 'n8n';
  switch (answer.kind) {
    case 'not-asked':
      return { verdict: 'unknown', said: answer.why };
    case 'failed':
      return { verdict: 'unknown', said: `asking n8n failed: ${answer.why}` };
    case 'not-found':
      // Not "finished": the key may not see that workflow, or the holder ran on another instance.
      return { verdict: 'unknown', said: `${at} has no execution ${executionId} this API key can read (deleted after it finished, on another instance, or in a project the key's user cannot read)` };
    case 'found': {
      const status = answer.status;
      if ((LIVE_STATUSES as readonly string[]).includes(status)) {
        const since = answer.startedAt ? ` since ${answer.startedAt}` : '';
        const until = status === 'waiting' && answer.waitTill ? `, waiting until ${answer.waitTill}` : '';
        return { verdict: 'live', said: `${at} says it is ${status}${since}${until}` };
      }
      if ((FINISHED_STATUSES as readonly string[]).includes(status)) return { verdict: 'finished', said: `${at} says it ended (${status}${answer.stoppedAt ? ` at ${answer.stoppedAt}` : ''})` };
      return { verdict: 'unknown', said: `${at} says its status is ${JSON.stringify(status)}` };
    }
  }
}

/** What unlock does with a holder: go on (with lines to print first), or refuse without --force. */
export interface HolderVerdict {
  refuse: boolean;
  stderr: string[];
}

/**
 * Freeing a live holder's lock is what issue 38 saw: the next waiter enters while the holder still
 * works, the holder's own release fails with LOGIC ERROR, and its caller gets an error after its
 * work finished. So: a live or unknown holder is refused unless --force, and --force still says
 * what it does. A finished holder goes on with one line saying so.
 */
export function judgeHolder(scope: string, holder: Holder, liveness: Liveness, force: boolean): HolderVerdict {
  const execution = `execution ${holder.execution_id ?? '?'}`;
  if (liveness.verdict === 'finished') return { refuse: false, stderr: [`unlock: ${execution} of '${scope}' is over: ${liveness.said}`] };
  const consequence = `freeing its lock lets the next waiter in while ${execution} still works; its own release then fails with "LOGIC ERROR: lock on '${scope}' is held by ... not by lock_id ${holder.lock_id}", and its caller gets an error although its work finished`;
  const stderr =
    liveness.verdict === 'live'
      ? [`unlock: '${scope}' is held by ${describeHolder(holder)}, which is still running: ${liveness.said}`, `unlock: ${consequence}`]
      : [`unlock: cannot tell whether ${describeHolder(holder)}, which holds '${scope}', still runs: ${liveness.said}`, `unlock: if it does, ${consequence}`];
  if (force) return { refuse: false, stderr: [...stderr, 'unlock: --force: freeing it anyway'] };
  const next = liveness.verdict === 'live' ? 'wait for it to end (or stop it in n8n), or rerun with --force to free it anyway' : 'rerun with --force once you know it has stopped';
  return { refuse: true, stderr: [...stderr, `unlock: refused, nothing deleted; ${next}`] };
}

/** Why no n8n was asked: said in the unknown line, so the operator knows what to add. */
export const NO_N8N_URL = 'no n8n to ask (pass --n8n-url, or --env <name> whose file has n8n.url, with the API key in N8N_API_KEY or --api-key-file)';
export const NO_EXECUTION_ID = 'its sidecar names no execution';
