// Recording the nodes' decisions for Prometheus (n8n-lock-protocol's metrics.ts), without costing
// a round trip and without ever failing an execution:
// - on a standalone server or Sentinel the decision script records itself (recordingScript), so
//   the recording travels and runs with the decision, three arguments more;
// - on a Cluster the series key is in another slot: the plan's recording is sent beside the
//   decision, and not waited for;
// - outcomes decided here (a timeout, a call's answer) are sent the same way, not waited for.
// What each status records is a plan fixed where the node decides (recordingPlan), compiled into
// Lua once. A recording that fails is counted in Redis where it can be, and logged; the decision stands.
import { labelsJson, recordEval, recordingArgs, recordingPlan, recordingScript, seriesKey, type RecordingPlan, type SeriesIdentity, type StatusRecording } from 'n8n-lock-protocol/metrics';
import { keyLayoutOfClient, trackUnawaited, type RedisClient } from './redis';
import { evalScript, type EvalArgs } from './scripts';

export { recordingPlan };
export type { RecordingPlan, SeriesIdentity, StatusRecording };

/** Where a node's recording goes, or undefined when recording is off (the credential's switch). */
export interface Recorder {
  identity: SeriesIdentity;
  /** The series' key and labels (JSON), computed once per node run rather than per decision. */
  key: string;
  labels: string;
  /** Where a recording that failed is reported (n8n's logger), besides Redis's own count. */
  warn(message: string): void;
}

/** Recording on, unless the n8n-lock credential switched it off (the stock credential has no switch: on). */
export function recordingEnabled(credential: { recordMetrics?: boolean }): boolean {
  return credential.recordMetrics !== false;
}

/** A recorder for this node's series, or undefined when the credential switched recording off. */
export function recorderFor(credential: { recordMetrics?: boolean }, identity: SeriesIdentity, warn: (message: string) => void): Recorder | undefined {
  return recordingEnabled(credential) ? { identity, key: seriesKey(identity), labels: labelsJson(identity), warn } : undefined;
}

/**
 * The EVAL arguments of a decision script that records its own decision by `plan`, and what to do
 * with its reply; `seconds` is what the plan's `observe` histograms observe. Without a recorder:
 * the script as it is. On a Cluster: the script as it is, and `settled` sends the recording beside it.
 */
export function recordedEval(redis: RedisClient, recorder: Recorder | undefined, evalArgs: EvalArgs, plan: RecordingPlan, seconds = 0): { args: EvalArgs; settled(reply: unknown): void } {
  if (!recorder || plan.statuses.size === 0) return { args: evalArgs, settled: () => undefined };
  if (keyLayoutOfClient(redis) === 'cluster') return { args: evalArgs, settled: (reply) => sendRecording(redis, recorder, plan, seconds, reply) };
  const [script, numKeys, ...rest] = evalArgs;
  return { args: [recordingScript(plan, script), numKeys, ...rest, ...recordingArgs(recorder.key, recorder.labels, seconds)], settled: () => undefined };
}

/** Records an outcome decided here (`status` picks the plan's entry), sent without waiting for it. */
export function recordOutcome(redis: RedisClient, recorder: Recorder | undefined, plan: RecordingPlan, status: string, seconds = 0): void {
  if (!recorder || !plan.statuses.has(status)) return;
  sendRecording(redis, recorder, plan, seconds, [status]);
}

function sendRecording(redis: RedisClient, recorder: Recorder, plan: RecordingPlan, seconds: number, reply: unknown): void {
  const elements = (Array.isArray(reply) ? reply : [reply]).map((element) => (element === null || element === undefined ? '' : String(element)));
  try {
    trackUnawaited(redis, evalScript(redis, recordEval(plan, recorder.key, recorder.labels, seconds, elements)).catch((error: Error) => recorder.warn(`n8n-lock: recording metrics failed (the decision stands): ${error.message}`)));
  } catch (error) {
    recorder.warn(`n8n-lock: recording metrics failed (the decision stands): ${(error as Error).message}`);
  }
}
