// The dashboard's actions: unlock (shown first as its dry run, then done) and retry dead jobs. The
// unlock is `n8n-lock unlock <scope> --lock-id <the lock_id the page drew>` exactly (runUnlock):
// the delete compares the lock_id inside the unlock script, so a lock whose holder changed since
// the page drew it is refused, naming the new holder, and nothing the operator did not see is
// freed. The bodies are parsed here, purely; the Redis work goes through the ops modules.
import type { Liveness } from '../ops/holder-liveness.js';
import { retryDeadJobs } from '../ops/queues.js';
import type { RedisClient } from '../ops/redis-client.js';
import type { Holder } from '../ops/status.js';
import { describeUnlock, type UnlockOutcome } from '../ops/unlock.js';
import { runUnlock } from '../ops/unlock-run.js';

export interface UnlockAsk {
  scope: string;
  lockId: string;
  /** Free it even when its holder's execution runs or n8n cannot say (the page's "Unlock anyway"). */
  force: boolean;
  /** Who the operator says they are (for the log); the token's fingerprint and the address are logged too. */
  operator: string;
}

export interface RetryAsk {
  queue: string;
  operator: string;
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);
/** The operator's name as the page sent it (one line, at most 80 characters), or ''. */
export const operatorOf = (body: unknown): string => {
  const operator = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).operator : undefined;
  return typeof operator === 'string' ? operator.replace(/[\r\n\t]/g, ' ').trim().slice(0, 80) : '';
};

/** The JSON body of an unlock, or why it is not one (a 400). */
export function parseUnlockAsk(body: unknown): UnlockAsk | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object {scope, lockId}';
  const record = body as Record<string, unknown>;
  const scope = text(record.scope, 1000);
  const lockId = text(record.lockId, 1000);
  if (scope === null) return 'scope must be a non-empty string';
  if (lockId === null) return 'lockId must be a non-empty string: the page unlocks only the holder it drew';
  if (record.force !== undefined && typeof record.force !== 'boolean') return 'force must be true or false';
  return { scope, lockId, force: record.force === true, operator: operatorOf(record) };
}

export function parseRetryAsk(body: unknown): RetryAsk | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object {queue}';
  const queue = text((body as Record<string, unknown>).queue, 1000);
  return queue === null ? 'queue must be a non-empty string' : { queue, operator: operatorOf(body as Record<string, unknown>) };
}

export interface UnlockAnswer {
  outcome: UnlockOutcome | null;
  dryRun: boolean;
  /** Freed (or, dry, would be) without anything more from the operator. */
  ok: boolean;
  /** The holder check refused: its execution runs or n8n cannot say; "Unlock anyway" sends force. */
  needsForce: boolean;
  /** What unlock says, in the CLI's words: the holder check, the keys, the outcome. */
  lines: string[];
}

export async function unlockAction(client: RedisClient, ask: UnlockAsk, dryRun: boolean, askN8n: (holder: Holder) => Promise<Liveness>): Promise<UnlockAnswer> {
  const run = await runUnlock(client, { scope: ask.scope, mode: 'lock-id', lockId: ask.lockId, dryRun }, { force: ask.force, ask: askN8n });
  const described = run.result ? describeUnlock(run.result) : { stdout: [], stderr: [] };
  const outcome = run.result?.outcome ?? null;
  const freed = outcome === 'deleted' || outcome === 'permit-released';
  return { outcome, dryRun, ok: freed && !run.refused, needsForce: run.refused, lines: [...run.holderLines, ...described.stdout, ...described.stderr] };
}

export async function retryAction(client: RedisClient, ask: RetryAsk): Promise<{ ok: boolean; lines: string[] }> {
  const revived = await retryDeadJobs(client, ask.queue, []);
  return { ok: true, lines: [`queue retry: ${revived} dead job${revived === 1 ? '' : 's'} of "${ask.queue}" back in the queue`] };
}
