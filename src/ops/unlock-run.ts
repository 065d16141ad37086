// The unlock decision as `n8n-lock unlock` and the dashboard both run it: look first with the
// script's dry run (deleting nothing) to learn whose execution would lose its lock, ask n8n about
// that execution, refuse a holder that runs or may run unless forced, then delete with the same
// script. By lock_id the delete is still a compare-and-delete inside one Lua script: a holder that
// changed between the look and the delete is not freed (outcome 'mismatch', naming the new holder).
import { judgeHolder, livenessOf, NO_EXECUTION_ID, type ExecutionAnswer, type Liveness } from './holder-liveness.js';
import type { N8nApi } from '../deploy/n8n-api.js';
import { evalUnlock, keyLayoutOfClient, type RedisClient } from './redis-client.js';
import type { Holder } from './status.js';
import { holderToBeFreed, parseUnlockReply, type UnlockRequest, type UnlockResult } from './unlock.js';

export interface UnlockRun {
  /** What the script did (or, dry, would do); null when the holder check refused and nothing was run but the look. */
  result: UnlockResult | null;
  /** What the holder check said, in unlock's words (empty when nothing was held). */
  holderLines: string[];
  /** Whether the holder check refused (a live or unknown holder without force). */
  refused: boolean;
}

export interface UnlockRunOptions {
  force: boolean;
  /** What n8n says about a holder's execution (never throws: a failure is an 'unknown'). */
  ask: (holder: Holder) => Promise<Liveness>;
  /** --force with no n8n to ask: nothing can change the decision, so run the script once. */
  noN8n?: boolean;
  now?: () => number;
}

export async function runUnlock(client: RedisClient, request: UnlockRequest, options: UnlockRunOptions): Promise<UnlockRun> {
  const now = options.now ?? Date.now;
  const located = { ...request, layout: keyLayoutOfClient(client) };
  const run = async (dryRun: boolean) => parseUnlockReply(await evalUnlock(client, { ...located, dryRun }), { ...located, dryRun }, now());
  if (options.force && options.noN8n) {
    // --force and no n8n to ask: one script frees it (as before this check existed), and the
    // lines name the holder it freed.
    const done = await run(request.dryRun);
    const freed = holderToBeFreed(done);
    const holderLines = freed ? judgeHolder(request.scope, freed, await options.ask(freed), true).stderr : [];
    return { result: done, holderLines, refused: false };
  }
  const look = await run(true);
  const holder = holderToBeFreed(look);
  let holderLines: string[] = [];
  if (holder) {
    const verdict = judgeHolder(request.scope, holder, await options.ask(holder), options.force);
    holderLines = verdict.stderr;
    if (verdict.refuse) return { result: request.dryRun ? look : null, holderLines, refused: true };
  }
  if (request.dryRun) return { result: look, holderLines, refused: false };
  return { result: await run(false), holderLines, refused: false };
}

/** What n8n says about the holder's execution; every failure to learn it is an "unknown", never "finished". */
export async function askN8n(holder: Holder, n8n: { api: N8nApi } | { why: string }): Promise<Liveness> {
  const id = holder.execution_id;
  if (!id) return livenessOf('?', { kind: 'not-asked', why: NO_EXECUTION_ID }, null);
  if (!('api' in n8n)) return livenessOf(id, { kind: 'not-asked', why: n8n.why }, null);
  const { api } = n8n;
  let answer: ExecutionAnswer;
  try {
    const execution = await api.getExecution(id, `read execution ${id}`);
    answer = execution ? { kind: 'found', status: execution.status, startedAt: execution.startedAt ?? null, stoppedAt: execution.stoppedAt ?? null, waitTill: execution.waitTill ?? null } : { kind: 'not-found' };
  } catch (error) {
    answer = { kind: 'failed', why: (error as Error).message };
  }
  return livenessOf(id, answer, api.base);
}

