// Callable functions over Redis Streams: the wire protocol, once. Key names, the call message, the
// answer, liveness and the one Lua script that answers a call. Pure (no Redis client, no n8n): the
// CLI's `functions status` imports it, and the node package (n8n-nodes/) bundles it into its nodes.
//
// Keys (seed 002's names where they are sound; the registry carries the scope, seed point 8), all
// with the hash tag {<scope>:<name>}, so every key one function (and one call) touches is in one
// hash slot: on a Redis Cluster the answer script, the MULTI blocks and the pipelines each run on
// one node, whatever the function is called (the seed's function:response:<callId> was in a slot
// of its own, and the answer script failed with CROSSSLOT there):
//   function:stream:{<scope>:<name>}              stream of calls, consumer group group:<name>
//   function:consumers:{<scope>:<name>}           set of consumer ids that serve the function
//   function:meta:{<scope>:<name>}:<consumerId>   hash: registration and lastHeartbeat of one consumer
//   function:response:{<scope>:<name>}:<callId>   list: the one answer to one call (RPUSH / BLPOP)
//   function:dead:{<scope>:<name>}                stream of dead-lettered calls, with the reason
// Scope is `__global__` or the id of the workflow that defines (and alone may call) the function.

export const GLOBAL_SCOPE = '__global__';
export const STREAM_PREFIX = 'function:stream:';

/** A consumer refreshes its heartbeat this often. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A consumer whose last heartbeat is older than this is dead: callers skip it, others reclaim its calls. */
export const LIVE_WITHIN_MS = 30_000;
/** An answer waits this long after the call's deadline for a caller that never came (then Redis drops it). */
export const ANSWER_GRACE_MS = 60_000;
/** Dead-letter streams keep about this many entries (XADD MAXLEN ~). */
export const DEAD_LETTER_MAXLEN = 10_000;

/**
 * Why a function name cannot be carried by the key scheme, or undefined when it can: the keys
 * separate parts with `:` and operators pass names to SCAN MATCH, so letters, digits, `_`, `-` and
 * `.` only, 1-100 characters.
 */
export function functionNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'is empty';
  if (name.length > 100) return `is ${name.length} characters long (at most 100)`;
  const bad = [...name].find((c) => !/[A-Za-z0-9_.-]/.test(c));
  if (bad !== undefined) return `contains ${JSON.stringify(bad)}: use letters, digits, "_", "-" and "." only`;
  return undefined;
}

export function scopeOf(global: boolean, workflowId: string): string {
  return global ? GLOBAL_SCOPE : workflowId;
}

/**
 * The hash tag of one function: `{<scope>:<name>}`. Names carry no braces (functionNameProblem);
 * a scope is a workflow id, and any `%`, `{`, `}` or `:` in it is percent-encoded, so the tag is
 * always the whole of scope and name and the key parses back.
 */
export const functionTag = (scope: string, name: string) => `{${scope.replace(/[%{}:]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}:${name}}`;

export const streamKey = (scope: string, name: string) => `${STREAM_PREFIX}${functionTag(scope, name)}`;
export const groupName = (name: string) => `group:${name}`;
export const consumersKey = (scope: string, name: string) => `function:consumers:${functionTag(scope, name)}`;
export const metaKey = (scope: string, name: string, consumerId: string) => `function:meta:${functionTag(scope, name)}:${consumerId}`;
export const responseKey = (scope: string, name: string, callId: string) => `function:response:${functionTag(scope, name)}:${callId}`;
export const deadLetterKey = (scope: string, name: string) => `function:dead:${functionTag(scope, name)}`;

/** The keys of one function (scope + name). */
export interface FunctionKeys {
  stream: string;
  group: string;
  consumers: string;
  deadLetters: string;
}

export function functionKeys(scope: string, name: string): FunctionKeys {
  return { stream: streamKey(scope, name), group: groupName(name), consumers: consumersKey(scope, name), deadLetters: deadLetterKey(scope, name) };
}

/** `function:stream:{<scope>:<name>}` back to its parts (see functionTag), or null. */
export function parseStreamKey(key: string): { scope: string; name: string } | null {
  const match = /^\{([^{}:]+):([^{}:]+)\}$/.exec(key.startsWith(STREAM_PREFIX) ? key.slice(STREAM_PREFIX.length) : '');
  if (!match || functionNameProblem(match[2]) !== undefined) return null;
  return { scope: match[1].replace(/%(25|7B|7D|3A)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), name: match[2] };
}

/** A consumer id is `<n8n instance>:<workflow id>:<node id>`: stable across restarts, so a restarted consumer finds its own pending calls. */
export function consumerIdOf(instanceId: string, workflowId: string, nodeId: string): string {
  const part = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `${part(instanceId).slice(0, 16)}:${part(workflowId)}:${part(nodeId)}`;
}

// ---- the call message (one stream entry) ----

/** One call as it travels on the stream. */
export interface CallMessage {
  callId: string;
  /** The parameters, a JSON object. */
  params: Record<string, unknown>;
  /** Where the answer goes: always responseKey(scope, name, callId). */
  responseChannel: string;
  /** Epoch milliseconds after which nobody waits for the answer (seed point 7: absolute, not relative). */
  deadline: number;
  /** 1 for a call from a workflow that is not itself a function execution, +1 per nesting level. */
  depth: number;
  /** Who called: `<workflow id>/<execution id>`, for operators reading a backlog. */
  caller: string;
  /** Epoch milliseconds of the XADD. */
  sentAt: number;
}

export function encodeCall(call: CallMessage): string[] {
  return [
    'callId', call.callId,
    'params', JSON.stringify(call.params),
    'responseChannel', call.responseChannel,
    'deadline', String(call.deadline),
    'depth', String(call.depth),
    'caller', call.caller,
    'sentAt', String(call.sentAt),
  ];
}

/** Stream fields as Redis returns them ([k1, v1, k2, v2, ...]) to an object; later duplicates win. */
export function fieldsToObject(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) out[fields[i]] = fields[i + 1];
  return out;
}

export type ParsedCall =
  | { ok: true; call: CallMessage }
  /** `responseChannel` is set when the message names a valid one, so the caller can still be told. */
  | { ok: false; reason: string; responseChannel?: string };

const CALL_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * A stream entry to a call, or why it is not one. Never throws: a message that does not parse is
 * dead-lettered with this reason. The answer may only go to `function:response:{<scope>:<name>}:<its
 * callId>` of the stream it came from, so a crafted message cannot make a consumer write to any
 * other key (nor to another slot).
 */
export function parseCall(fields: string[], scope: string, name: string): ParsedCall {
  const f = fieldsToObject(fields);
  const callId = f.callId;
  if (callId === undefined || !CALL_ID_PATTERN.test(callId)) return { ok: false, reason: `callId is missing or malformed: ${JSON.stringify(callId ?? null)}` };
  const responseChannel = responseKey(scope, name, callId);
  const fail = (reason: string): ParsedCall => ({ ok: false, reason, responseChannel });
  if (f.responseChannel !== responseChannel) return { ok: false, reason: `responseChannel must be ${responseChannel}, got ${JSON.stringify(f.responseChannel ?? null)}` };
  let params: unknown;
  try {
    params = JSON.parse(f.params ?? '');
  } catch {
    return fail(`params is not JSON: ${JSON.stringify((f.params ?? '').slice(0, 80))}`);
  }
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return fail('params must be a JSON object');
  const deadline = Number(f.deadline);
  if (!Number.isSafeInteger(deadline) || deadline <= 0) return fail(`deadline must be epoch milliseconds, got ${JSON.stringify(f.deadline ?? null)}`);
  const depth = Number(f.depth ?? '1');
  if (!Number.isSafeInteger(depth) || depth < 1) return fail(`depth must be a positive integer, got ${JSON.stringify(f.depth)}`);
  const sentAt = Number(f.sentAt ?? '0');
  return { ok: true, call: { callId, params: params as Record<string, unknown>, responseChannel, deadline, depth, caller: f.caller ?? '', sentAt: Number.isFinite(sentAt) ? sentAt : 0 } };
}

// ---- the answer (one list element) ----

/** Why a call ended without the function's value. */
export type FailureKind = 'function-error' | 'no-return' | 'expired' | 'dead-letter' | 'malformed' | 'missing-parameter';

export type Answer =
  | { ok: true; value: unknown; callId: string; answeredAt: number }
  | { ok: false; error: { kind: FailureKind; message: string }; callId: string; answeredAt: number };

export function encodeAnswer(answer: Answer): string {
  return JSON.stringify(answer);
}

export function decodeAnswer(text: string): Answer {
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: { kind: 'malformed', message: 'the function answered with text that is not JSON' }, callId: '', answeredAt: 0 };
  }
  if (parsed?.ok === true) return parsed as Answer;
  return { ok: false, error: { kind: parsed?.error?.kind ?? 'function-error', message: String(parsed?.error?.message ?? 'the function failed') }, callId: String(parsed?.callId ?? ''), answeredAt: Number(parsed?.answeredAt ?? 0) };
}

/** How long an answer is kept: until the caller's deadline plus a grace (at least the grace). */
export function answerTtlMs(deadline: number, now: number): number {
  return Math.max(0, deadline - now) + ANSWER_GRACE_MS;
}

/**
 * Answers a call at most once. The pending list decides: only the first of Return From Function,
 * the failed-execution handler, the expiry check and the dead-letterer finds the entry pending, and
 * only it pushes the answer (and, when dead-lettering, copies the entry to the dead-letter stream
 * first, so a failing XADD leaves the entry pending instead of acknowledged and unanswered). The
 * entry is then acknowledged and deleted, so the stream's length is the backlog. Returns 1 when
 * this answered, 0 when the call had been answered already. Only the keys it touches are passed (a
 * placeholder key such as "" is refused by an ACL that restricts keys: NOPERM on key ""):
 *   KEYS[1] stream, then the response list when ARGV[3] is not "", then the dead-letter stream
 *   when there are dead-letter fields
 *   ARGV[1] group  ARGV[2] entry id  ARGV[3] answer JSON (or "" for none)  ARGV[4] answer TTL ms
 *   ARGV[5] dead-letter maxlen  ARGV[6..] dead-letter fields (name, value, ...)
 */
export const ANSWER_SCRIPT = `
if #redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1) == 0 then return 0 end
local nextKey = 2
local response
if ARGV[3] ~= '' then
  response = KEYS[nextKey]
  nextKey = nextKey + 1
end
if #ARGV >= 6 then
  local fields = {}
  for i = 6, #ARGV do fields[#fields + 1] = ARGV[i] end
  redis.call('XADD', KEYS[nextKey], 'MAXLEN', '~', ARGV[5], '*', unpack(fields))
end
if response then
  redis.call('RPUSH', response, ARGV[3])
  redis.call('PEXPIRE', response, ARGV[4])
end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return 1
`;

/** The KEYS and ARGV of ANSWER_SCRIPT for one answer (and dead letter), only the keys it touches. */
export function answerScriptArguments(input: { stream: string; group: string; messageId: string; responseKey?: string; answer?: string; answerTtlMs: number; deadLetterKey?: string; deadLetterFields?: string[] }): { keys: string[]; args: string[] } {
  const respond = input.responseKey !== undefined && input.answer !== undefined;
  const deadLetter = input.deadLetterKey !== undefined && (input.deadLetterFields?.length ?? 0) > 0;
  return {
    keys: [input.stream, ...(respond ? [input.responseKey!] : []), ...(deadLetter ? [input.deadLetterKey!] : [])],
    args: [input.group, input.messageId, respond ? input.answer! : '', String(input.answerTtlMs), String(DEAD_LETTER_MAXLEN), ...(deadLetter ? input.deadLetterFields! : [])],
  };
}

// ---- liveness ----

/** One consumer's registration, as read from its meta hash. */
export interface ConsumerMeta {
  consumerId: string;
  functionName: string;
  scope: string;
  workflowId: string;
  nodeId: string;
  parameters: string[];
  callsInFlight: number;
  createdAt: number;
  lastHeartbeat: number;
}

export function metaFields(meta: ConsumerMeta): Record<string, string> {
  return {
    consumerId: meta.consumerId,
    functionName: meta.functionName,
    scope: meta.scope,
    workflowId: meta.workflowId,
    nodeId: meta.nodeId,
    parameters: JSON.stringify(meta.parameters),
    callsInFlight: String(meta.callsInFlight),
    createdAt: String(meta.createdAt),
    lastHeartbeat: String(meta.lastHeartbeat),
  };
}

/** A meta hash back to a registration; null when it is empty (the consumer is gone). */
export function parseMeta(consumerId: string, hash: Record<string, string>): ConsumerMeta | null {
  if (!hash || Object.keys(hash).length === 0) return null;
  let parameters: string[] = [];
  try {
    const parsed = JSON.parse(hash.parameters ?? '[]');
    if (Array.isArray(parsed)) parameters = parsed.map(String);
  } catch {
    /* an unreadable list shows as none */
  }
  return {
    consumerId,
    functionName: hash.functionName ?? '',
    scope: hash.scope ?? '',
    workflowId: hash.workflowId ?? '',
    nodeId: hash.nodeId ?? '',
    parameters,
    callsInFlight: Number(hash.callsInFlight ?? 0),
    createdAt: Number(hash.createdAt ?? 0),
    lastHeartbeat: Number(hash.lastHeartbeat ?? 0),
  };
}

export function isLive(meta: ConsumerMeta | null, now: number, liveWithinMs = LIVE_WITHIN_MS): boolean {
  return meta !== null && now - meta.lastHeartbeat <= liveWithinMs;
}

/** The epoch milliseconds a stream entry id was created at (`<ms>-<seq>`). */
export function entryTime(id: string): number {
  return Number(id.split('-')[0]);
}

/** The call context a function execution carries in its item (seed point 1: per item, never in static data). */
export interface CallContext {
  callId: string;
  functionName: string;
  scope: string;
  stream: string;
  group: string;
  messageId: string;
  deadline: number;
  depth: number;
  deliveries: number;
}

/** The item field that carries the call context. */
export const CALL_CONTEXT_FIELD = '_functionCall';

/** Reads a call context from an item's JSON, or undefined when the item has none (or a broken one). */
export function callContextOf(json: unknown): CallContext | undefined {
  const ctx = (json as Record<string, unknown> | null)?.[CALL_CONTEXT_FIELD] as Partial<CallContext> | undefined;
  if (!ctx || typeof ctx !== 'object') return undefined;
  if (typeof ctx.callId !== 'string' || typeof ctx.stream !== 'string' || typeof ctx.group !== 'string' || typeof ctx.messageId !== 'string') return undefined;
  if (!ctx.stream.startsWith(STREAM_PREFIX)) return undefined;
  return ctx as CallContext;
}

// ---- the nodes ----

/** The community node package; n8n names its node types `<package>.<node name>`. */
export const NODE_PACKAGE = 'n8n-nodes-lock';

export const FUNCTION_NODE_TYPES = {
  function: `${NODE_PACKAGE}.function`,
  callFunction: `${NODE_PACKAGE}.callFunction`,
  returnFromFunction: `${NODE_PACKAGE}.returnFromFunction`,
} as const;
