// How a trigger learns that the execution it started has ended: the done promise of `emit`
// (verified in regular and queue mode, spec/functions.md). The Function trigger answers its caller
// with it, the Queue Trigger completes or retries its job with it.
//
// In queue mode the done promise alone can hang forever. n8n's main settles it from Bull's
// `job.finished()`, which first asks whether the job is in Bull's completed or failed set and
// otherwise waits for the completion event. n8n removes a finished job at once by default
// (N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED=0), so when a worker finishes the job before main gets
// to ask (main is busy, the execution is short), the job is in neither set and its event has
// already passed: main waits for good (n8n 2.41, bull 4.16). A trigger waiting on that would hold
// its slot forever. The worker also sends n8n's `job-finished` message, which main turns into a
// resolution of the response promise, `{}` on success and a 500 on failure, whatever the timing.
// So the trigger passes a response promise too: once that message has come, the done promise gets
// a grace period to say more (the error's message), then the message decides. (Regular mode
// resolves the response promise with `{}` at the end of every run, success or not, a moment before
// the done promise: there the done promise always decides.)
import type { IExecuteResponsePromiseData, IRun, ITriggerFunctions } from 'n8n-workflow';

/** How an execution ended, as n8n's done promise reports it. */
export type RunOutcome =
  | { status: 'success' }
  | { status: 'error'; message: string }
  /** Paused in a Wait node: not ended yet. */
  | { status: 'waiting' };

/** How long the done promise may lag behind n8n's job-finished message before the message decides. */
export const DONE_GRACE_MS = 10_000;

/** What the job-finished message says when it decides without the done promise: n8n sends no error message with it. */
export const FAILED_WITHOUT_MESSAGE = 'the execution failed (n8n reported the failure of its queued job without the error message)';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (error: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** n8n's end-of-run report to an outcome: the error's message alone, so a nested error travels up unchanged. */
export function outcomeOf(run: IRun | undefined): RunOutcome {
  if (!run) return { status: 'error', message: 'the execution ended without a result' };
  if (run.status === 'success') return { status: 'success' };
  if (run.status === 'waiting') return { status: 'waiting' };
  const error = run.data?.resultData?.error;
  return { status: 'error', message: error?.message || `the execution ended with status ${run.status}` };
}

/**
 * The outcome a response carries when it is n8n's queue-mode job-finished message (`{}` on success,
 * `{ body: { message: 'Workflow execution failed' }, statusCode: 500 }` on failure), or undefined
 * for any other response (a Respond to Webhook node's, which says nothing about the end).
 */
export function outcomeOfJobFinished(response: IExecuteResponsePromiseData): RunOutcome | undefined {
  if (response === null || typeof response !== 'object') return undefined;
  const keys = Object.keys(response);
  if (keys.length === 0) return { status: 'success' };
  const { body, statusCode } = response as { body?: { message?: unknown }; statusCode?: unknown };
  const failed = keys.length === 2 && statusCode === 500 && body !== null && typeof body === 'object' && Object.keys(body).length === 1 && body.message === 'Workflow execution failed';
  return failed ? { status: 'error', message: FAILED_WITHOUT_MESSAGE } : undefined;
}

export interface EmitOptions {
  /** Told when the job-finished message decided because the done promise never came (n8n's log shows it). */
  onDoneLost?: (outcome: RunOutcome) => void;
  graceMs?: number;
}

/** The warning a trigger logs when the job-finished message decided. */
export const doneLostMessage = (outcome: RunOutcome) =>
  `n8n did not report the end of an execution it ran on a worker (its queued job finished before main asked); n8n's job-finished message says ${outcome.status === 'success' ? 'it succeeded' : 'it failed'}, and that decides`;

/** Starts one execution of the trigger's workflow with these items and resolves with how it ended. */
export function emitAndWait(ctx: Pick<ITriggerFunctions, 'emit'>, items: Parameters<ITriggerFunctions['emit']>[0], { onDoneLost, graceMs = DONE_GRACE_MS }: EmitOptions = {}): Promise<RunOutcome> {
  const done = deferred<IRun>();
  const response = deferred<IExecuteResponsePromiseData>();
  ctx.emit(items, response, done);
  let grace: NodeJS.Timeout | undefined;
  const fromDone = done.promise.then(outcomeOf, (error: Error): RunOutcome => ({ status: 'error', message: error.message }));
  // A rejected response promise (n8n failed the execution before it ran) settles the done promise too.
  const fromJobFinished = new Promise<RunOutcome>((resolve) => {
    response.promise.then(
      (answer) => {
        const outcome = outcomeOfJobFinished(answer);
        if (outcome) {
          grace = setTimeout(() => {
            onDoneLost?.(outcome);
            resolve(outcome);
          }, graceMs);
        }
      },
      () => undefined,
    );
  });
  return Promise.race([fromDone, fromJobFinished]).finally(() => clearTimeout(grace));
}
