// How a trigger learns that its execution ended: n8n's done promise, and in queue mode n8n's
// job-finished message (the response promise) when the done promise never comes (n8n 2.41 main
// misses the end of a job its worker finished and removed before main asked; see
// lib/execution-outcome.ts). Here `emit` is a stand-in that hands the test both promises: what
// n8n resolves them with is taken from n8n 2.41's own code (scaling.service.js for the
// job-finished message, active-executions.js for regular mode's `{}` at the end of every run).
import { describe, expect, it } from 'vitest';
import type { IExecuteResponsePromiseData, IRun } from 'n8n-workflow';
import { doneLostMessage, emitAndWait, FAILED_WITHOUT_MESSAGE, outcomeOfJobFinished, type RunOutcome } from '../lib/execution-outcome';

interface Emitted {
  response: { resolve(value: IExecuteResponsePromiseData): void; reject(error: Error): void };
  done: { resolve(value: IRun): void; reject(error: Error): void };
}

/** emitAndWait on a stand-in trigger context; `settle` plays n8n with the two promises it got. */
function run(settle: (emitted: Emitted) => void, graceMs = 30, onDoneLost?: (outcome: RunOutcome) => void): Promise<RunOutcome | 'still waiting'> {
  const ctx = { emit: (_items: unknown, response: unknown, done: unknown) => settle({ response, done } as Emitted) };
  const pending = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), graceMs * 10));
  return Promise.race([emitAndWait(ctx as never, [[{ json: {} }]], { graceMs, onDoneLost }), pending]);
}

const finished = (status: IRun['status'], message?: string) => ({ status, data: { resultData: { runData: {}, error: message ? { message } : undefined } } }) as unknown as IRun;
const JOB_FAILED = { body: { message: 'Workflow execution failed' }, statusCode: 500 };
const later = (ms: number, work: () => void) => setTimeout(work, ms);

describe('emitAndWait', () => {
  it('the done promise decides when it comes: success, an error with its message, a wait', async () => {
    expect(await run(({ done }) => done.resolve(finished('success')))).toEqual({ status: 'success' });
    expect(await run(({ done }) => done.resolve(finished('error', 'boom')))).toEqual({ status: 'error', message: 'boom' });
    expect(await run(({ done }) => done.resolve(finished('waiting')))).toEqual({ status: 'waiting' });
    expect(await run(({ done }) => done.reject(new Error('could not start')))).toEqual({ status: 'error', message: 'could not start' });
  });

  it("regular mode: n8n resolves the response with {} at the end of every run, failed or not, and the done promise still decides", async () => {
    expect(await run(({ response, done }) => (response.resolve({}), later(1, () => done.resolve(finished('error', 'boom')))))).toEqual({ status: 'error', message: 'boom' });
  });

  it('queue mode, the done promise lost: after the grace period the job-finished message decides, success or failure', async () => {
    const told: RunOutcome[] = [];
    expect(await run(({ response }) => response.resolve({}), 30, (outcome) => told.push(outcome))).toEqual({ status: 'success' });
    expect(await run(({ response }) => response.resolve(JOB_FAILED), 30, (outcome) => told.push(outcome))).toEqual({ status: 'error', message: FAILED_WITHOUT_MESSAGE });
    expect(told.map((outcome) => outcome.status)).toEqual(['success', 'error']);
    expect(doneLostMessage(told[1])).toMatch(/n8n's job-finished message says it failed/);
  });

  it('queue mode: a done promise that comes within the grace period still gives the error its message', async () => {
    expect(await run(({ response, done }) => (response.resolve(JOB_FAILED), later(10, () => done.resolve(finished('error', 'the real reason')))))).toEqual({ status: 'error', message: 'the real reason' });
  });

  it('any other response (a Respond to Webhook node) or a rejected one says nothing about the end: still waiting', async () => {
    expect(await run(({ response }) => response.resolve({ body: { ok: true }, headers: {}, statusCode: 200 }))).toBe('still waiting');
    expect(await run(({ response }) => response.reject(new Error('cancelled')))).toBe('still waiting');
    expect(await run(() => undefined)).toBe('still waiting');
  });
});

describe('outcomeOfJobFinished', () => {
  it("reads only n8n's two job-finished answers", () => {
    expect(outcomeOfJobFinished({})).toEqual({ status: 'success' });
    expect(outcomeOfJobFinished(JOB_FAILED)).toEqual({ status: 'error', message: FAILED_WITHOUT_MESSAGE });
    expect(outcomeOfJobFinished({ body: { message: 'Workflow execution failed' }, statusCode: 200 })).toBeUndefined();
    expect(outcomeOfJobFinished({ body: { message: 'Workflow execution failed', more: 1 }, statusCode: 500 })).toBeUndefined();
    expect(outcomeOfJobFinished({ statusCode: 500 })).toBeUndefined();
  });
});
