// Answering a call: the one place that runs the protocol's ANSWER_SCRIPT, so Return From Function,
// the failed-execution handler, the expiry check and the dead-letterer all answer at most once.
import type { RedisClient } from './redis';
import { evalScript } from './scripts';
import { ANSWER_SCRIPT, answerScriptArguments, answerTtlMs, encodeAnswer, parseStreamKey, responseKey, type Answer, type FailureKind } from 'n8n-lock-protocol/functions';

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
export async function answerEntry(redis: RedisClient, entry: EntryRef, answer: Answer | undefined, deadLetter?: DeadLetter, now = Date.now()): Promise<boolean> {
  // The answer goes to the call's list in the stream's own slot (see functionTag).
  const fn = parseStreamKey(entry.stream);
  if (!fn) throw new Error(`not a function stream: ${entry.stream}`);
  const { keys, args } = answerScriptArguments({
    stream: entry.stream,
    group: entry.group,
    messageId: entry.messageId,
    ...(answer && entry.callId ? { responseKey: responseKey(fn.scope, fn.name, entry.callId), answer: encodeAnswer(answer) } : {}),
    answerTtlMs: answerTtlMs(entry.deadline, now),
    ...(deadLetter ? { deadLetterKey: deadLetter.key, deadLetterFields: deadLetter.fields } : {}),
  });
  const replied = await evalScript(redis, [ANSWER_SCRIPT, keys.length, ...keys, ...args]);
  return Number(replied) === 1;
}

export function valueAnswer(callId: string, value: unknown, now = Date.now()): Answer {
  return { ok: true, value, callId, answeredAt: now };
}

export function errorAnswer(callId: string, kind: FailureKind, message: string, now = Date.now()): Answer {
  return { ok: false, error: { kind, message }, callId, answeredAt: now };
}
