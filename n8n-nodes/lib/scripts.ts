// The package's Lua scripts run by their SHA1 (EVALSHA), not by their text (EVAL): a lock script
// with its recording is about 3 KB, which EVAL sends and Redis hashes on every decision. A server
// that does not hold the script (it restarted, failed over, flushed its scripts, or is a Cluster
// node that never ran it) answers NOSCRIPT without running anything; the call is then sent once
// as EVAL, which runs it and loads it there for the next ones. Redis keeps EVAL's scripts until
// it restarts or SCRIPT FLUSH, so the fallback is rare. An ACL user granted EVAL but not EVALSHA
// (the grant documented before EVALSHA was used) is refused with NOPERM, and nothing runs either:
// that connection then sends EVAL from then on, as it did before.
import { createHash } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { writeReplicated, type RedisClient, type ReplicaAck } from './redis';

/** EVAL's arguments: the script, how many of the rest are keys, then the keys and the arguments. */
export type EvalArgs = [script: string, numKeys: number, ...rest: Array<string | number>];

const shas = new Map<string, string>();

/** The script's SHA1 as Redis names it (hex), computed once per script text. */
export function scriptSha(script: string): string {
  let sha = shas.get(script);
  if (sha === undefined) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  return sha;
}

/** Whether the server refused an EVALSHA because it does not hold the script (nothing ran). */
export function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

/** Whether the user may not send EVALSHA at all (nothing ran). */
export function isEvalShaRefused(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOPERM') && /'evalsha'/i.test(error.message);
}

/** Connections whose user may not send EVALSHA: they send EVAL. */
const evalOnly = new WeakSet<RedisClient>();

/** Sends a script call by SHA1 (`bySha`), or by text (`byText`) where that is refused or the script is missing. */
async function bySha1<T>(redis: RedisClient, bySha: () => Promise<T>, byText: () => Promise<T>): Promise<T> {
  if (evalOnly.has(redis)) return byText();
  try {
    return await bySha();
  } catch (error) {
    if (isEvalShaRefused(error)) evalOnly.add(redis);
    else if (!isNoScript(error)) throw error;
    return byText();
  }
}

/** Runs a script by its SHA1, or by its text when the server does not hold it yet. */
export function evalScript(redis: RedisClient, [script, numKeys, ...rest]: EvalArgs): Promise<unknown> {
  return bySha1(redis, () => redis.evalsha(scriptSha(script), numKeys, ...rest), () => redis.eval(script, numKeys, ...rest));
}

/** evalScript followed by WAIT on the same connection when `ack` asks for it (writeReplicated). */
export function evalReplicated(redis: RedisClient, ack: ReplicaAck | undefined, [script, ...rest]: EvalArgs): Promise<{ reply: unknown; acked: number }> {
  return bySha1(redis, () => writeReplicated(redis, ack, 'EVALSHA', [scriptSha(script), ...rest]), () => writeReplicated(redis, ack, 'EVAL', [script, ...rest]));
}

/**
 * Runs script calls in one pipeline, in order, then what `after` adds (WAIT): each script's first
 * call by its text (it loads the script where the pipeline runs: one server, or the one Cluster
 * node of the pipeline's keys), the later ones by SHA1, so none meets NOSCRIPT. A user refused
 * EVALSHA gets every call after the first refused: those are sent again, in order, by text, with
 * `after` again. The replies of the calls, then those of `after`.
 */
export async function execScripts(redis: RedisClient, calls: EvalArgs[], after: (pipeline: ChainableCommander) => void = () => undefined): Promise<Array<[Error | null, unknown]>> {
  const run = async (batch: EvalArgs[]) => {
    const pipeline = redis.pipeline();
    const sent = new Set<string>();
    for (const [script, numKeys, ...rest] of batch) {
      if (sent.has(script) && !evalOnly.has(redis)) pipeline.evalsha(scriptSha(script), numKeys, ...rest);
      else {
        sent.add(script);
        pipeline.eval(script, numKeys, ...rest);
      }
    }
    after(pipeline);
    return ((await pipeline.exec()) ?? []) as Array<[Error | null, unknown]>;
  };
  const replies = await run(calls);
  const refused = calls.map((_, i) => i).filter((i) => isEvalShaRefused(replies[i][0]));
  if (refused.length === 0) return replies;
  evalOnly.add(redis);
  const again = await run(refused.map((i) => calls[i]));
  refused.forEach((i, k) => (replies[i] = again[k]));
  return [...replies.slice(0, calls.length), ...again.slice(refused.length)];
}
