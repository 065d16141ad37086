// Answering a call: the one place that runs the protocol's ANSWER_SCRIPT, so Return From Function,
// the failed-execution handler, the expiry check and the dead-letterer all answer at most once.
import type { Redis } from 'ioredis';
import { ANSWER_SCRIPT, answerTtlMs, DEAD_LETTER_MAXLEN, encodeAnswer, responseKey, type Answer, type FailureKind } from '../../src/functions/protocol';

/** Where a stream entry lives and who waits for it. */
export interface EntryRef {
  stream: string;
  group: string;
  messageId: string;
  /** Absent for a message too broken to name its caller: then only the dead letter is written. */
  callId?: string;
  deadline: number;
}

export interface DeadLetter {
  key: string;
  /** The original fields plus why it was dead-lettered. */
  fields: string[];
}

/** Runs the answer script; true when this call answered (the entry was pending), false when someone had already. */
export async function answerEntry(redis: Redis, entry: EntryRef, answer: Answer | undefined, deadLetter?: DeadLetter, now = Date.now()): Promise<boolean> {
  const replied = await redis.eval(
    ANSWER_SCRIPT,
    3,
    entry.stream,
    answer && entry.callId ? responseKey(entry.callId) : '',
    deadLetter?.key ?? '',
    entry.group,
    entry.messageId,
    answer ? encodeAnswer(answer) : '',
    String(answerTtlMs(entry.deadline, now)),
    String(DEAD_LETTER_MAXLEN),
    ...(deadLetter?.fields ?? []),
  );
  return Number(replied) === 1;
}

export function valueAnswer(callId: string, value: unknown, now = Date.now()): Answer {
  return { ok: true, value, callId, answeredAt: now };
}

export function errorAnswer(callId: string, kind: FailureKind, message: string, now = Date.now()): Answer {
  return { ok: false, error: { kind, message }, callId, answeredAt: now };
}
