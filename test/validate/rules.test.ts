// One valid/invalid table per rule, like ESLint's RuleTester. A test checks the inventory: every
// rule has an id, a one-line description and a table here.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/validate/rules.js';
import { parseN8nVersion } from '../../src/n8n-versions.js';
import { validateFiles, type ValidateOptions } from '../../src/validate/engine.js';
import { parseEnvFile } from '../../src/envs/env-file.js';
import { addLock, addRateLimit } from '../../src/patchers/index.js';
import { PRIMITIVES } from '../../src/primitives/index.js';

type Wf = Record<string, any>;
const trigger = { parameters: { path: 'x', options: {} }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] };
const codeNode = (jsCode: string, name = 'Code', extra: Wf = {}) => ({ parameters: { jsCode }, name, type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], ...extra });
function flow(nodes: Wf[], settings: Wf = { executionOrder: 'v1' }): Wf {
  const connections: Wf = {};
  for (let i = 0; i < nodes.length - 1; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
  return { name: 'T', nodes, connections, settings };
}
const js = (code: string) => flow([trigger, codeNode(code)]);
const locked = (scope = 'global', extra: Wf = {}, settings: Wf = {}) => addLock(flow([trigger, codeNode('return $input.all();')], { executionOrder: 'v1', ...settings }), { scopeExpression: scope, ...extra }).workflow;
const env = (yaml: string) => parseEnvFile(yaml, 'envs/dev.yml', 'dev');
const nativeLocked = (scope = 'global') => addLock(flow([trigger, codeNode('return $input.all();')]), { scopeExpression: scope, engine: 'node' }).workflow;
const nativeNode = (wf: Wf, name: string) => wf.nodes.find((n: Wf) => n.name === name);

function findings(wf: Wf | Wf[], ruleId: string, options: Partial<ValidateOptions> = {}) {
  const list = Array.isArray(wf) ? wf : [wf];
  const results = validateFiles(list.map((w, i) => ({ file: `w${i}.json`, text: JSON.stringify(w, null, 2) })), { envs: [], envsSelected: false, ...options });
  return results.flatMap((r) => r.findings).filter((f) => f.ruleId === ruleId);
}

interface Table {
  valid: Array<[string, () => Wf | Wf[], Partial<ValidateOptions>?]>;
  /** A case and a pattern its messages must match. */
  invalid: Array<[string, () => Wf | Wf[], RegExp, Partial<ValidateOptions>?]>;
  /** The exact findings of each invalid case, in report order: [messageId, line, column] (as ESLint's RuleTester `errors`). */
  errors: Record<string, Array<[string, number, number]>>;
}


const fnTrigger = (functionName: string, scope = 'global', name = 'Function') => ({ parameters: { functionName, scope }, name, type: 'n8n-nodes-lock.function', typeVersion: 1, position: [0, 0] });
const fnCall = (functionName: string, scope = 'global', name = 'Call Function') => ({ parameters: { functionName, scope, parameters: '={{ $json }}', timeout: 30 }, name, type: 'n8n-nodes-lock.callFunction', typeVersion: 1, position: [220, 0] });
const fnReturn = (name = 'Return From Function') => ({ parameters: { respondWith: 'item' }, name, type: 'n8n-nodes-lock.returnFromFunction', typeVersion: 1, position: [440, 0] });
const ifNode = (name = 'If') => ({ parameters: {}, name, type: 'n8n-nodes-base.if', typeVersion: 2.2, position: [220, 0] });
const stopNode = { parameters: { errorMessage: 'no' }, name: 'Stop', type: 'n8n-nodes-base.stopAndError', typeVersion: 1, position: [440, 200] };
function branched(nodes: Wf[], links: Array<[string, string, number?]>): Wf {
  const connections: Wf = {};
  for (const [from, to, output = 0] of links) {
    const outputs = (connections[from] ??= { main: [] }).main;
    while (outputs.length <= output) outputs.push([]);
    outputs[output].push({ node: to, type: 'main', index: 0 });
  }
  return { name: 'F', nodes, connections, settings: { executionOrder: 'v1' } };
}

const handler = PRIMITIVES.error_handler_lock_cleanup.build();
const TABLES: Record<string, Table> = {
  'function-return-on-every-path': {
    valid: [
      ['a function that returns', () => flow([fnTrigger('double'), fnReturn()])],
      ['both If branches return', () => branched([fnTrigger('f'), ifNode(), fnReturn('Yes'), fnReturn('No')], [['Function', 'If'], ['If', 'Yes', 0], ['If', 'No', 1]])],
      ['one branch fails with Stop and Error, the other returns', () => branched([fnTrigger('f'), ifNode(), fnReturn(), stopNode], [['Function', 'If'], ['If', 'Return From Function', 0], ['If', 'Stop', 1]])],
      ['a workflow without function nodes', () => js('return [];')],
    ],
    invalid: [
      ['no Return From Function', () => flow([fnTrigger('double'), codeNode('return $input.all();')]), /function "double" has no Return From Function/],
      ['an If output that bypasses the return', () => branched([fnTrigger('f'), ifNode(), fnReturn()], [['Function', 'If'], ['If', 'Return From Function', 0]]), /path "Function" -> \.\.\. -> "If" \(output 1\) ends without Return From Function/],
      ['the return is not on any path of the trigger', () => branched([fnTrigger('f'), codeNode('return [];'), fnReturn()], [['Function', 'Code']]), /"Function" never reaches a Return From Function/],
      ['Return From Function without a Function trigger', () => flow([trigger, fnReturn()]), /"Return From Function" answers a function call, but no Function trigger starts this workflow/],
    ],
    errors: {
      'no Return From Function': [['noReturn', 4, 5]],
      'an If output that bypasses the return': [['pathWithoutReturn', 17, 5]],
      'the return is not on any path of the trigger': [['neverReachesReturn', 4, 5]],
      'Return From Function without a Function trigger': [['returnWithoutFunction', 17, 5]],
    },
  },
  'call-function-defined': {
    valid: [
      ['defined in another workflow of the repository', () => [flow([fnTrigger('double'), fnReturn()]), flow([trigger, fnCall('double')])]],
      ['a name given by an expression', () => [flow([fnTrigger('double'), fnReturn()]), flow([trigger, fnCall('={{ $json.fn }}')])]],
      ['scope This Workflow, defined in the same workflow', () => branched([fnTrigger('inner', 'workflow'), fnReturn(), trigger, fnCall('inner', 'workflow')], [['Function', 'Return From Function'], ['Webhook', 'Call Function']])],
    ],
    invalid: [
      ['a typo of a defined name', () => [flow([fnTrigger('enrichContact'), fnReturn()]), flow([trigger, fnCall('enrichContcat')])], /calls "enrichContcat", which no Function trigger in the repository defines \(did you mean "enrichContact"\?\)/],
      ['no global functions in the repository (a warning)', () => flow([trigger, fnCall('elsewhere')]), /this repository defines no global functions/],
      ['scope This Workflow without a definition here', () => [flow([fnTrigger('inner', 'workflow'), fnReturn()]), flow([trigger, fnCall('inner', 'workflow')])], /calls "inner" with the scope This Workflow, but no Function trigger of this workflow defines it/],
      ['a name the key scheme cannot carry', () => flow([trigger, fnCall('crm:enrich')]), /function name "crm:enrich" contains ":"/],
    ],
    errors: {
      'a typo of a defined name': [['notInRepository', 17, 5]],
      'no global functions in the repository (a warning)': [['noFunctionsInRepository', 17, 5]],
      'scope This Workflow without a definition here': [['notInWorkflow', 17, 5]],
      'a name the key scheme cannot carry': [['badName', 19, 25]],
    },
  },
  'code-purity': {
    valid: [
      ['plain data work', () => js('return $input.all().map(i => ({ json: { ...i.json, ok: true } }));')],
      ['a local named helpers', () => js('const helpers = { a: 1 }; return [{ json: helpers }];')],
      ['a local function named fetch', () => js('function fetch(x) { return x; } return [{ json: { v: fetch(1) } }];')],
      ['strings that mention require and fetch', () => js("const s = 'require(\"fs\") and fetch()'; return [{ json: { s } }];")],
      ['a timer with a function', () => js('setTimeout(() => 1, 5); return [];')],
      ['globalThis with a literal harmless key', () => js("return [{ json: { x: globalThis['JSON'].stringify({}) } }];")],
      ['a shipped primitive body', () => ({ ...flow([trigger, codeNode(String(PRIMITIVES.lock_release.build().nodes[1].parameters.jsCode))]) })],
      ['python without I/O', () => flow([trigger, { ...codeNode(''), parameters: { language: 'python', pythonCode: "import json\ns = 'import os'\n# open(x)\nreturn items" } }])],
      ['allowed keys of the global object, through an alias', () => js('const g = globalThis; return [{ json: { s: g.JSON.stringify({ a: g.Math.max(1, 2) }) } }];')],
      ['comparing and typeof of the global object', () => js("const ok = typeof globalThis === 'object' && this !== undefined; return [{ json: { ok } }];")],
      ['a descriptor at a harmless static key', () => js("const d = Object.getOwnPropertyDescriptor($json, 'name'); return [{ json: { w: d ? d.writable : null } }];")],
      ['prototype methods borrowed, not changed', () => js('return [{ json: { own: Object.prototype.hasOwnProperty.call($json, "a"), n: Array.prototype.slice.call([1, 2]).length } }];')],
      ['`this` in a class is the instance (class code is strict)', () => js('class Acc { constructor() { this.n = 0; } add(x) { this.n += x; return this; } } return [{ json: { n: new Acc().add(2).n } }];')],
      ["`this` in 'use strict' code is never the global object", () => js("'use strict';\nfunction f() { return this; }\nreturn [{ json: { t: typeof f() } }];")],
      ['the name of a constructor', () => js("return $input.all().map((i) => ({ json: { kind: i.json.constructor.name, same: i.json.constructor === Object } }));")],
      ['a rendered error handler body', () => js(String(handler.nodes.find((n: any) => n.name === 'Prepare Scope List').parameters.jsCode).replace('{{@:env:lockScopes}}', '["a","b"]'))],
      // Precision: real data code must be provable (issue: code-purity sound by construction).
      ['each-item mode writes $json', () => flow([trigger, { ...codeNode('$json.flag = true;\nreturn $input.item;'), parameters: { mode: 'runOnceForEachItem', jsCode: '$json.flag = true;\nreturn $input.item;' } }])],
      ['an object-literal method using this, called on its object', () => js('const acc = { n: 0, add(x) { this.n += x; return this.n; } };\nacc.add(2);\nreturn [{ json: { n: acc.n } }];')],
      ['map with a thisArg', () => js('return [1, 2].map(function (x) { return x * this.f; }, { f: 2 }).map((v) => ({ json: { v } }));')],
      ["dynamic keys over a row's own keys (Object.keys)", () => js('const out = {};\nfor (const k of Object.keys($json)) out[k] = $json[k];\nreturn [{ json: out }];')],
      ["dynamic keys over a row's own keys (for-in, entries)", () => js('const row = $json; const out = {};\nfor (const k in row) out[k.toLowerCase()] = row[k];\nObject.entries(row).forEach(([k, v]) => { out[k + "_raw"] = row[k]; });\nreturn [{ json: out }];')],
      ['item.json[field] with a field known only at run time, kept and converted', () => js("const pick = (item, field) => item.json[field];\nreturn $input.all().map((item) => ({ json: { v: pick(item, 'email'), s: String(pick(item, $json.f) ?? '').trim() } }));")],
      ['keys from a literal list', () => js("const fields = ['a', 'b']; const out = {};\nfor (const f of fields) out[f] = $json[f].trim();\nreturn [{ json: out }];")],
      ['numeric indexes', () => js('const arr = $input.all(); const out = [];\nfor (let i = 0; i < arr.length; i++) out.push(arr[i].json);\nreturn out.map((json, i) => ({ json: { ...json, i, prev: out[i - 1] ?? null } }));')],
      ['a class with this and a well-known symbol', () => js('class Bag { constructor() { this.items = []; } add(x) { this.items.push(x); return this; } *[Symbol.iterator]() { yield* this.items; } }\nreturn [...new Bag().add(1).add(2)].map((n) => ({ json: { n } }));')],
      ['a clean legacy Function node', () => flow([trigger, { parameters: { functionCode: 'return items.map((i) => ({ json: { ...i.json, ok: true } }));' }, name: 'F', type: 'n8n-nodes-base.function', typeVersion: 1, position: [1, 1] }])],
      ['a Code Tool that works on its query', () => flow([trigger, { parameters: { jsCode: 'return query.trim().toUpperCase();' }, name: 'Tool', type: '@n8n/n8n-nodes-langchain.toolCode', typeVersion: 1.3, position: [1, 1] }])],
      ['a Sort node whose code compares two fields', () => flow([trigger, { parameters: { type: 'code', code: 'return a.json.n - b.json.n;' }, name: 'Sort', type: 'n8n-nodes-base.sort', typeVersion: 1, position: [1, 1] }])],
      ['an Item Lists sort whose code compares two fields', () => flow([trigger, { parameters: { operation: 'sort', type: 'code', code: 'return String(a.json.k).localeCompare(String(b.json.k));' }, name: 'Lists', type: 'n8n-nodes-base.itemLists', typeVersion: 3.1, position: [1, 1] }])],
      // The code option runs only when it is chosen: a leftover parameter of another choice is not code n8n runs.
      ['a simple Sort with a leftover code parameter', () => flow([trigger, { parameters: { type: 'simple', code: "return require('fs');" }, name: 'Sort', type: 'n8n-nodes-base.sort', typeVersion: 1, position: [1, 1] }])],
      ['an Item Lists operation other than sort with a leftover code parameter', () => flow([trigger, { parameters: { operation: 'removeDuplicates', type: 'code', code: "return require('fs');" }, name: 'Lists', type: 'n8n-nodes-base.itemLists', typeVersion: 3.1, position: [1, 1] }])],
    ],
    invalid: [
      ['require', () => js("const fs = require('fs'); return [];"), /module loading \(require\)/],
      ['a pure body, validated for n8n 1.x', () => js('return $input.all();'), /^"Code": cannot be proven pure for n8n 1\.123\.81: n8n 1\.x runs a Code node in its own process \(vm2\)/, { n8nVersion: parseN8nVersion('1.123.81', 'test') }],
      ['aliased require', () => js("const r = require; return r('fs');"), /module loading \(require\)/],
      ['import declaration', () => js("import fs from 'fs';\nreturn [];"), /import from "fs"/],
      ['dynamic import', () => js("const m = await import('fs'); return [];"), /dynamic import\(\)/],
      ['fetch', () => js("await fetch('http://x'); return [];"), /network I\/O \(fetch\)/],
      // eslint-scope resolves a default parameter outside the body by comparing node ranges.
      ["a default parameter reads the outer name, not the body's", () => js('function f(a = fetch) { const fetch = 1; return a; }\nreturn [{ json: { t: typeof f() } }];'), /network I\/O \(fetch\)/],
      ['this.helpers', () => js('await this.helpers.httpRequest({ url: "x" }); return [];'), /the global object \(this\) is read at \.helpers \(I\/O helpers\)/],
      ['destructured this.helpers', () => js('const { helpers } = this; return [];'), /the global object \(this\) is destructured at \.helpers \(I\/O helpers\)/],
      ['computed this', () => js("const k = 'hel' + 'pers'; return this[k];"), /the global object \(this\) is read at \.helpers/],
      ['computed this with a key built at run time', () => js('return this[$json.key];'), /the global object \(this\) is read with a dynamic key/],
      ['bypass: bound to a variable', () => js('const ctx = this; return ctx.helpers.httpRequest({ url: "x" });'), /the global object \(this\) is read at \.helpers/],
      ['bypass: assigned later', () => js('let g; g = globalThis; return g.fetch("x");'), /the global object \(globalThis\) is read at \.fetch \(network I\/O\)/],
      ['bypass: renamed in destructuring', () => js('const { helpers: h } = this; return h.request({});'), /is destructured at \.helpers/],
      ['bypass: rest destructuring', () => js('const { ...all } = globalThis; return all.require("fs");'), /the global object \(globalThis\) is rest-destructured/],
      ['bypass: put in an array', () => js('const box = [this]; return box[0].helpers.request({});'), /the global object \(this\) is stored in an array/],
      ['bypass: put in an object', () => js('const box = { g: globalThis }; return box.g.process.env;'), /the global object \(globalThis\) is stored in an object/],
      ['bypass: passed through a parameter', () => js('function grab(x) { return x.helpers; }\nreturn grab(this).request({});'), /the global object \(this\) is passed to a call/],
      ['bypass: a return value', () => js('const get = () => this;\nreturn get().helpers.request({});'), /the global object \(this\) is returned/],
      ['bypass: a sloppy function called plainly', () => js('function me() { return this; }\nreturn me().helpers.request({});'), /the global object \(this\) is returned/],
      ['bypass: Reflect.get', () => js("return Reflect.get(globalThis, 'fe' + 'tch')('x');"), /reflection \(Reflect\).* is read at \.get[\s\S]*the global object \(globalThis\) is passed to a call/],
      ['bypass: Object.getOwnPropertyDescriptor', () => js("return Object.getOwnPropertyDescriptor(this, 'helpers').value.request({});"), /the global object \(this\) is passed to a call/],
      ['bypass: Object.assign', () => js('const copy = Object.assign({}, this); return copy.helpers.request({});'), /the global object \(this\) is passed to a call/],
      ['bypass: spread', () => js('const copy = { ...globalThis }; return copy.fetch("x");'), /the global object \(globalThis\) is spread/],
      ['bypass: a function constructor through a variable', () => js("const F = (() => 1).constructor; return F('return process')();"), /the Function constructor \(\.constructor\) is called/],
      ['bypass: constructor spelled by concatenation', () => js("return (() => 1)['constr' + 'uctor']('return 1')();"), /the Function constructor \(\.constructor\) is called/],
      ['bypass: constructor through a constant key', () => js("const k = 'constructor'; return ''[k][k]('return 1')();"), /the Function constructor \(\.constructor\) is read at \.constructor/],
      ['bypass: Reflect.get of constructor', () => js("return Reflect.get(async () => 1, 'constructor')('return 1')();"), /(?=[\s\S]*reflection \(Reflect\).* is read at \.get)(?=[\s\S]*the Function constructor \(Reflect\.get\(…, 'constructor'\)\) is called)/],
      ['bypass: getOwnPropertyDescriptors', () => js('const d = Object.getOwnPropertyDescriptors(Object.getPrototypeOf(() => 1)); return d.constructor.value("return 1")();'), /reflection \(Object\.getOwnPropertyDescriptors\).* is called/],
      ['bypass: inherited key constructor on the global object', () => js('const { constructor: C } = globalThis; return C;'), /the global object \(globalThis\) is destructured at \.constructor/],
      ['bypass: __proto__ of the global object', () => js('return globalThis.__proto__;'), /(?=[\s\S]*\.__proto__ reaches or redefines prototypes and accessors)(?=[\s\S]*the global object \(globalThis\) is read at \.__proto__)/],
      ['bypass: thrown and caught', () => js('try { throw this; } catch (e) { return e.helpers.request({}); }'), /the global object \(this\) is thrown/],
      ['bypass: a plain template calls toString', () => js('return [{ json: { s: `${globalThis}` } }];'), /the global object \(globalThis\) is turned into a string/],
      ['bypass: constructor destructured from an untracked value', () => js("const { constructor: F } = () => 0; return F('return this')().helpers;"), /the Function constructor \(\{ constructor \} destructured\) is called/],
      ['bypass: constructor destructured in a parameter', () => js("return (({ constructor: F }) => F('return helpers')())(() => 0);"), /the Function constructor \(\{ constructor \} destructured\) is called/],
      ['bypass: constructor destructured in a catch', () => js("try { throw () => 0; } catch ({ constructor: F }) { return F('return 1')(); }"), /the Function constructor \(the caught value\.constructor\) is called/],
      ['bypass: a with statement and a bare constructor', () => js("with (() => 0) { return constructor('return 1')(); }"), /a with statement makes every name inside it/],
      ['bypass: Reflect under another name', () => js("const R = Reflect; return R.get(() => 0, 'constructor')('return 1')();"), /reflection \(Reflect\), which reads any property including constructor, is read at \.get/],
      ['bypass: getOwnPropertyDescriptor called through call', () => js("return Object.getOwnPropertyDescriptor.call(0, Object.getPrototypeOf(() => 0), 'constructor').value('return 1')();"), /reflection \(Object\.getOwnPropertyDescriptor\).* is read at \.call/],
      ['bypass: getOwnPropertyDescriptor in a sequence', () => js("return (0, Object.getOwnPropertyDescriptor)(Object.getPrototypeOf(() => 0), 'constructor').value('return 1')();"), /reflection \(Object\.getOwnPropertyDescriptor\).* is called with the key constructor/],
      ['bypass: this in a computed class key', () => js("let g; class A { [(g = this, 'k')]() {} } return g.helpers;"), /the global object \(this\) is/],
      ['bypass: instanceof hands it to Symbol.hasInstance', () => js('const X = { [Symbol.hasInstance](v) { return false; } }; return [{ json: { x: this instanceof X } }];'), /the global object \(this\) is used as an operand of instanceof/],
      ['bypass: await calls its then()', () => js('await this; return [];'), /the global object \(this\) is awaited/],
      ['bypass: unary plus calls its valueOf', () => js('return [{ json: { n: +this } }];'), /the global object \(this\) is used as an operand of \+/],
      ['bypass: for-of runs its iterator', () => js('for (const x of this) {} return [];'), /the global object \(this\) is iterated/],
      ['bypass: a getter on Object.prototype', () => js("Object.defineProperty(Object.prototype, 'me', { get() { 'use strict'; return this; }, configurable: true }); return [];"), /Object\.prototype is changed by defineProperty\(\): a built-in is shared by everything in the sandbox/],
      ['bypass: a method set on a built-in prototype', () => js('Object.prototype[Symbol.iterator] = function () { return [][Symbol.iterator](); }; return [];'), /Object\.prototype is changed at a key known only at run time/],
      ['bypass: __defineGetter__', () => js("Object.prototype.__defineGetter__('me', function () { return this; }); return [];"), /\.__defineGetter__ reaches or redefines prototypes and accessors/],
      ['bypass: $evaluateExpression reads $env', () => js("return [{ json: { s: this.$evaluateExpression('{{ $env.SECRET }}') } }];"), /the global object \(this\) is read at \.\$evaluateExpression/],
      ['bypass: a let holding a constant key', () => js("let k = 'constructor'; return (() => 0)[k]('return 1')();"), /cannot be proven pure: a property read with a key known only at run time \(…\[k\]\).* is called/],
      ['bypass: a tagged template', () => js('const grab = (s, g) => g;\nreturn grab`${this}`.helpers.request({});'), /the global object \(this\) is passed to a tagged template/],
      ['bypass: code on the rendered lockScopes line of a marked body', () => js(String(handler.nodes.find((n: any) => n.name === 'Prepare Scope List').parameters.jsCode).replace('{{@:env:lockScopes}}', '["a"]; require("child_process").execSync("id")')), /module loading \(require\)/],
      ['getCredentials', () => js("const c = await this.getCredentials('x'); return [];"), /the global object \(this\) is read at \.getCredentials \(credential access\)/],
      ['bare helpers', () => js('return helpers.request({});'), /helpers\.\*/],
      ['$http', () => js('return $http.get("x");'), /\$http/],
      ['process', () => js('return [{ json: { e: process.env.X } }];'), /process access/],
      ['$env', () => js('return [{ json: { e: $env.SECRET } }];'), /\$env/],
      ['eval', () => js("eval('1'); return [];"), /eval/],
      ['Function', () => js("return new Function('return 1')();"), /Function/],
      ['constructor chain', () => js("return (() => 1).constructor.constructor('return process')();"), /the Function constructor \(\.constructor\) is read at \.constructor/],
      ['string timer', () => js("setTimeout('doIt()', 5); return [];"), /string argument/],
      ['computed globalThis', () => js("return globalThis['req' + 'uire']('fs');"), /the global object \(globalThis\) is read at \.require \(module loading\)/],
      ['globalThis.fetch', () => js("return globalThis.fetch('x');"), /the global object \(globalThis\) is read at \.fetch/],
      ['fetch destructured from globalThis', () => js('const { fetch } = globalThis; return [];'), /the global object \(globalThis\) is destructured at \.fetch/],
      ['syntax error', () => js('return [{ json: }];'), /cannot be parsed/],
      ['python open()', () => flow([trigger, { ...codeNode(''), parameters: { language: 'python', pythonCode: "f = open('/etc/passwd')\nreturn items" } }]), /open\(\)/],
      ['python import os', () => flow([trigger, { ...codeNode(''), parameters: { language: 'pythonNative', pythonCode: 'import json, os\nreturn items' } }]), /"os"/],
      ['an edited primitive body', () => js(String(PRIMITIVES.lock_release.build().nodes[1].parameters.jsCode).replace("'n8n-lock-'", "require('x') + 'n8n-lock-'")), /module loading \(require\)/],
      // The classes of the third red-team round (issue: code-purity sound by construction).
      ['a key built at run time reads constructor', () => js("const k = ['con', 'structor'].join('');\nreturn (() => 0)[k]('return this')().helpers;"), /cannot be proven pure: a property read with a key known only at run time \(…\[k\]\).* is called/],
      ['a key taken from the input data', () => js("return (() => 0)[$json.k][$json.k]('return process')();"), /cannot be proven pure: a property read with a key known only at run time/],
      ['a computed destructuring key', () => js("const k = $json.k;\nconst { [k]: F } = () => 0;\nreturn F('return this')();"), /cannot be proven pure: a property destructured with a key known only at run time.* is called/],
      ['a host function reached through $input', () => js('return $input.all[$json.k]($json.code)();'), /cannot be proven pure: \$input\.all\[\$json\.k\] \(a run-time key on n8n's accessor \$input\), which may be any of n8n's internals, is called/],
      ['getOwnPropertyDescriptor through an alias of Object', () => js("const O = Object;\nreturn O.getOwnPropertyDescriptor(O.getPrototypeOf(() => 0), 'constructor').value('return this')();"), /reflection \(Object\.getOwnPropertyDescriptor\).* is called with the key constructor/],
      ['getOwnPropertyDescriptor destructured from Object', () => js("const { getOwnPropertyDescriptor: g, getPrototypeOf: p } = Object;\nreturn g(p(() => 0), 'constructor').value('return 1')();"), /reflection \(Object\.getOwnPropertyDescriptor\).* is called with the key constructor/],
      ['Object through globalThis', () => js("return globalThis.Object.getOwnPropertyDescriptor(Object.getPrototypeOf(() => 0), 'constructor').value('return 1')();"), /reflection \(Object\.getOwnPropertyDescriptor\).* is called with the key constructor/],
      ['assignment to an undeclared name', () => js('leak = this;\nreturn [];'), /cannot be proven pure: the undeclared name leak is assigned/],
      ['an Annex B block function copied to the outer var', () => js('var f = () => 0;\n{ function f() { return this; } }\nreturn f().helpers;'), /cannot be proven pure: the block-level function f is also copied to a var/],
      ['the mapped arguments object mirrors a parameter', () => js('function f(a) { arguments[0] = this; return a; }\nreturn f(1).helpers;'), /cannot be proven pure: arguments.* has a property written/],
      ['a for-in head with an initializer', () => js("for (var k = 'constructor' in {}) {}\nreturn (() => 0)[k]('return 1')();"), /cannot be proven pure: a for-in head with an initializer/],
      ['super.x forwards the global object to a getter', () => js("const o = { __proto__: { get x() { 'use strict'; return this; } }, m() { return super.x; } };\nconst m = o.m;\nreturn m().helpers;"), /cannot be proven pure: super forwards the method's this/],
      ["Object['prototype'] written", () => js("Object['prototype'].x = function () { return this; };\nreturn [];"), /the built-in Object\.prototype is changed at \.x|Object\.prototype is changed at \.x/],
      ['an alias of defineProperty', () => js("const dp = Reflect.defineProperty;\ndp(Object.prototype, 'x', { get() { return 1; } });\nreturn [];"), /reflection \(Reflect\)/],
      ['({}).constructor.prototype written', () => js('({}).constructor.prototype.x = 1;\nreturn [];'), /Function\.prototype is changed at \.x|is changed at \.x/],
      ['bare __proto__ re-parents the global object', () => js('__proto__ = { get x() { return 1; } };\nreturn [];'), /cannot be proven pure: the undeclared name __proto__ is assigned/],
      ['Error.prepareStackTrace set through destructuring', () => js('({ f: Error.prepareStackTrace } = { f: (e, s) => s[0].getThis() });\nreturn [];'), /Error is changed at \.prepareStackTrace/],
      ['Error.prepareStackTrace set in a for-of head', () => js('for (Error.prepareStackTrace of [(e, s) => s]) {}\nreturn [];'), /Error is changed at \.prepareStackTrace/],
      ["'x' in this", () => js("return [{ json: { has: 'helpers' in this } }];"), /the global object \(this\) is used as an operand of in/],
      ['the global object as a computed key', () => js('return [{ json: { [this]: 1 } }];'), /the global object \(this\) is used as a computed key/],
      ['+= with the global object', () => js("let s = '';\ns += this;\nreturn [{ json: { s } }];"), /the global object \(this\) is used as an operand of \+=/],
      ['bare $evaluateExpression', () => js("return [{ json: { s: $evaluateExpression('{{ $env.SECRET }}') } }];"), /expression evaluation \(\$evaluateExpression/],
      ['an unknown value called', () => js('const f = $json[$json.k];\nreturn f();'), /cannot be proven pure: a property read with a key known only at run time \(\$json\[\$json\.k\]\).* is called/],
      ['Code typeVersion 1 runs jsCode whatever its language says', () => flow([trigger, { ...codeNode(''), typeVersion: 1, parameters: { language: 'python', pythonCode: 'return items', jsCode: "return require('fs');" } }]), /module loading \(require\)/],
      ['a legacy Function node runs functionCode', () => flow([trigger, { parameters: { functionCode: "return require('child_process');" }, name: 'F', type: 'n8n-nodes-base.function', typeVersion: 1, position: [1, 1] }]), /module loading \(require\)/],
      ['a legacy Function Item node runs functionCode', () => flow([trigger, { parameters: { functionCode: 'item.x = this.helpers; return item;' }, name: 'FI', type: 'n8n-nodes-base.functionItem', typeVersion: 1, position: [1, 1] }]), /the global object \(this\) is read at \.helpers/],
      ['an unknown Code language', () => flow([trigger, { ...codeNode(''), parameters: { language: 'ruby', jsCode: 'return [];' } }]), /cannot tell which code this node runs \(language "ruby"\)/],
      ['an unknown Code typeVersion', () => flow([trigger, { ...codeNode('return [];'), typeVersion: 3 }]), /cannot tell which code this node runs \(typeVersion 3\)/],
      // Round 22: the Code Tool and AI Transform nodes run their code in the same task runner as the Code node.
      ['a Code Tool node runs jsCode', () => flow([trigger, { parameters: { jsCode: "return require('child_process');" }, name: 'Tool', type: '@n8n/n8n-nodes-langchain.toolCode', typeVersion: 1.3, position: [1, 1] }]), /module loading \(require\)/],
      ['an AI Transform node runs jsCode', () => flow([trigger, { parameters: { instructions: 'x', jsCode: 'return [{ json: { s: $env.SECRET } }];' }, name: 'AI', type: 'n8n-nodes-base.aiTransform', typeVersion: 1, position: [1, 1] }]), /environment access \(\$env\)/],
      // Sort's and Item Lists' code option runs in the task runner as a comparator's body (sortByCode).
      ['a Sort node whose code reads $env', () => flow([trigger, { parameters: { type: 'code', code: 'return a.json.n - $env.LIMIT;' }, name: 'Sort', type: 'n8n-nodes-base.sort', typeVersion: 1, position: [1, 1] }]), /environment access \(\$env\)/],
      ['Sort code that closes the comparator it is spliced into', () => flow([trigger, { parameters: { type: 'code', code: "return 0 }); return require('fs'); (() => {" }, name: 'Sort', type: 'n8n-nodes-base.sort', typeVersion: 1, position: [1, 1] }]), /module loading \(require\)/],
      ['an Item Lists sort whose code calls a helper', () => flow([trigger, { parameters: { operation: 'sort', type: 'code', code: "helpers.httpRequest({ url: 'http://x' }); return 0;" }, name: 'Lists', type: 'n8n-nodes-base.itemLists', typeVersion: 3.1, position: [1, 1] }]), /helpers/],
      // The LangChain Code node runs code.execute.code and code.supplyData.code in vm2, require included.
      ['a LangChain Code node runs its execute code', () => flow([trigger, { parameters: { code: { execute: { code: "const { x } = require('@langchain/core/prompts'); return [];" } } }, name: 'LC', type: '@n8n/n8n-nodes-langchain.code', typeVersion: 1, position: [1, 1] }]), /module loading \(require\)/],
      ['a LangChain Code node runs its supplyData code', () => flow([trigger, { parameters: { code: { supplyData: { code: 'return $env.OPENAI_KEY;' } } }, name: 'LC', type: '@n8n/n8n-nodes-langchain.code', typeVersion: 1, position: [1, 1] }]), /environment access \(\$env\)/],
      ['Sort code that is not a string', () => flow([trigger, { parameters: { type: 'code', code: { x: 1 } }, name: 'Sort', type: 'n8n-nodes-base.sort', typeVersion: 1, position: [1, 1] }]), /cannot tell which code this node runs \(code is an object, not a string\)/],
      // Round 22: n8n hands a jsCode that is not a string to the runner as it is, which makes code of it.
      ['jsCode as an array', () => flow([trigger, { ...codeNode(''), parameters: { jsCode: ['return [{ json: { s: $env.DB_PASSWORD } }];'] } }]), /cannot tell which code this node runs \(jsCode is an array, not a string\)/],
    ],
    errors: {
      "require": [["forbiddenGlobal",19,31]],
      "a pure body, validated for n8n 1.x": [["runtimeNotModelled",17,5]],
      "aliased require": [["forbiddenGlobal",19,30]],
      "a default parameter reads the outer name, not the body's": [["forbiddenGlobal",19,35]],
      "import declaration": [["moduleImport",19,20]],
      "dynamic import": [["dynamicImport",19,36]],
      "fetch": [["forbiddenGlobal",19,26]],
      "this.helpers": [["capabilityEscape",19,26]],
      "destructured this.helpers": [["capabilityEscape",19,28]],
      "computed this": [["capabilityEscape",19,53]],
      "computed this with a key built at run time": [["capabilityEscape",19,27]],
      "bypass: bound to a variable": [["capabilityEscape",19,45]],
      "bypass: assigned later": [["capabilityEscape",19,50]],
      "bypass: renamed in destructuring": [["capabilityEscape",19,28]],
      "bypass: rest destructuring": [["capabilityEscape",19,28]],
      "bypass: put in an array": [["capabilityEscape",19,33]],
      "bypass: put in an object": [["capabilityEscape",19,37]],
      "bypass: passed through a parameter": [["capabilityEscape",19,72]],
      "bypass: a return value": [["capabilityEscape",19,38]],
      "bypass: a sloppy function called plainly": [["capabilityEscape",19,43]],
      "bypass: Reflect.get": [["capabilityEscape",19,27],["capabilityEscape",19,39]],
      "bypass: Object.getOwnPropertyDescriptor": [["capabilityEscape",19,59]],
      "bypass: Object.assign": [["capabilityEscape",19,51]],
      "bypass: spread": [["capabilityEscape",19,35]],
      "bypass: a function constructor through a variable": [["capabilityEscape",19,60]],
      "bypass: constructor spelled by concatenation": [["capabilityEscape",19,27]],
      "bypass: constructor through a constant key": [["capabilityEscape",19,52]],
      "bypass: Reflect.get of constructor": [["capabilityEscape",19,27],["capabilityEscape",19,27]],
      "bypass: getOwnPropertyDescriptors": [["capabilityEscape",19,30],["unprovable",19,63],["capabilityEscape",19,103]],
      "bypass: inherited key constructor on the global object": [["capabilityEscape",19,28]],
      "bypass: __proto__ of the global object": [["capabilityEscape",19,27],["prototypeAccess",19,27]],
      "bypass: thrown and caught": [["capabilityEscape",19,32]],
      "bypass: a plain template calls toString": [["capabilityEscape",19,44]],
      "bypass: constructor destructured from an untracked value": [["capabilityEscape",19,63]],
      "bypass: constructor destructured in a parameter": [["capabilityEscape",19,52]],
      "bypass: constructor destructured in a catch": [["capabilityEscape",19,79]],
      "bypass: a with statement and a bare constructor": [["withStatement",19,20],["forbiddenGlobal",19,44]],
      "bypass: Reflect under another name": [["capabilityEscape",19,46],["capabilityEscape",19,46]],
      "bypass: getOwnPropertyDescriptor called through call": [["unprovable",19,27],["unprovable",19,27],["capabilityEscape",19,27],["unprovable",19,67]],
      "bypass: getOwnPropertyDescriptor in a sequence": [["capabilityEscape",19,27],["capabilityEscape",19,27],["unprovable",19,64]],
      "bypass: this in a computed class key": [["capabilityEscape",19,69]],
      "bypass: instanceof hands it to Symbol.hasInstance": [["capabilityEscape",19,98]],
      "bypass: await calls its then()": [["capabilityEscape",19,26]],
      "bypass: unary plus calls its valueOf": [["capabilityEscape",19,42]],
      "bypass: for-of runs its iterator": [["capabilityEscape",19,36]],
      "bypass: a getter on Object.prototype": [["unprovable",19,20],["builtinWrite",19,42],["unprovable",19,68]],
      "bypass: a method set on a built-in prototype": [["builtinWrite",19,20]],
      "bypass: __defineGetter__": [["prototypeAccess",19,20],["capabilityEscape",19,81]],
      "bypass: $evaluateExpression reads $env": [["capabilityEscape",19,41]],
      "bypass: a let holding a constant key": [["unprovable",19,50]],
      "bypass: a tagged template": [["capabilityEscape",19,61]],
      "bypass: code on the rendered lockScopes line of a marked body": [["forbiddenGlobal",19,75],["unprovable",19,75],["unprovable",19,75],["unprovable",19,197],["unprovable",19,197],["unprovable",19,684],["unprovable",19,905]],
      "getCredentials": [["capabilityEscape",19,36]],
      "bare helpers": [["forbiddenGlobal",19,27]],
      "$http": [["forbiddenGlobal",19,27]],
      "process": [["forbiddenGlobal",19,41]],
      "$env": [["forbiddenGlobal",19,41]],
      "eval": [["forbiddenGlobal",19,20]],
      "Function": [["forbiddenGlobal",19,31]],
      "constructor chain": [["capabilityEscape",19,27]],
      "string timer": [["stringTimer",19,20]],
      "computed globalThis": [["capabilityEscape",19,27]],
      "globalThis.fetch": [["capabilityEscape",19,27]],
      "fetch destructured from globalThis": [["capabilityEscape",19,28]],
      "syntax error": [["syntaxError",19,36]],
      "python open()": [["pythonCall",20,28]],
      "python import os": [["pythonImport",20,37]],
      "an edited primitive body": [["forbiddenGlobal",19,585]],
      "a key built at run time reads constructor": [["unprovable",19,68]],
      "a key taken from the input data": [["unprovable",19,27],["unprovable",19,27]],
      "a computed destructuring key": [["unprovable",19,76]],
      "a host function reached through $input": [["unprovable",19,27]],
      "getOwnPropertyDescriptor through an alias of Object": [["capabilityEscape",19,46],["capabilityEscape",19,46],["unprovable",19,73]],
      "getOwnPropertyDescriptor destructured from Object": [["capabilityEscape",19,95],["capabilityEscape",19,95],["unprovable",19,97]],
      "Object through globalThis": [["capabilityEscape",19,27],["capabilityEscape",19,27],["unprovable",19,70]],
      "assignment to an undeclared name": [["unprovable",19,20]],
      "an Annex B block function copied to the outer var": [["unprovable",19,40],["capabilityEscape",19,62]],
      "the mapped arguments object mirrors a parameter": [["unprovable",19,36],["capabilityEscape",19,36]],
      "a for-in head with an initializer": [["unprovable",19,25],["unprovable",19,65]],
      "super.x forwards the global object to a getter": [["unprovable",19,100]],
      "Object['prototype'] written": [["builtinWrite",19,20],["capabilityEscape",19,65]],
      "an alias of defineProperty": [["capabilityEscape",19,31]],
      "({}).constructor.prototype written": [["builtinWrite",19,20]],
      "bare __proto__ re-parents the global object": [["unprovable",19,20]],
      "Error.prepareStackTrace set through destructuring": [["builtinWrite",19,26]],
      "Error.prepareStackTrace set in a for-of head": [["builtinWrite",19,25]],
      "'x' in this": [["capabilityEscape",19,56]],
      "the global object as a computed key": [["capabilityEscape",19,39]],
      "+= with the global object": [["capabilityEscape",19,38]],
      "bare $evaluateExpression": [["forbiddenGlobal",19,41]],
      "an unknown value called": [["unprovable",19,54]],
      "Code typeVersion 1 runs jsCode whatever its language says": [["forbiddenGlobal",21,27]],
      "a legacy Function node runs functionCode": [["forbiddenGlobal",19,33]],
      "a legacy Function Item node runs functionCode": [["capabilityEscape",19,35]],
      "an unknown Code language": [["unknownCode",19,21]],
      "an unknown Code typeVersion": [["unknownCode",23,22]],
      "jsCode as an array": [["unknownCode",19,19]],
      "a Code Tool node runs jsCode": [["forbiddenGlobal",19,27]],
      "an AI Transform node runs jsCode": [["forbiddenGlobal",20,41]],
      "a Sort node whose code reads $env": [["forbiddenGlobal",20,36]],
      "Sort code that closes the comparator it is spliced into": [["forbiddenGlobal",20,38]],
      "an Item Lists sort whose code calls a helper": [["forbiddenGlobal",21,18]],
      "a LangChain Code node runs its execute code": [["forbiddenGlobal",21,36]],
      "a LangChain Code node runs its supplyData code": [["forbiddenGlobal",21,29]],
      "Sort code that is not a string": [["unknownCode",20,17]],
    },
  },
  'code-nondeterminism': {
    valid: [['dates from data', () => js('return [{ json: { d: new Date($json.when).toISOString() } }];')]],
    invalid: [
      ['Date.now', () => js('return [{ json: { t: Date.now() } }];'), /Date\.now/],
      ['new Date()', () => js('return [{ json: { t: new Date() } }];'), /new Date\(\)/],
      ['Math.random', () => js('return [{ json: { r: Math.random() } }];'), /Math\.random/],
      ['crypto.randomUUID', () => js('return [{ json: { r: crypto.randomUUID() } }];'), /crypto\.randomUUID/],
    ],
    errors: {
      "Date.now": [["clockOrRandom", 19, 41]],
      "new Date()": [["clockOrRandom", 19, 41]],
      "Math.random": [["clockOrRandom", 19, 41]],
      "crypto.randomUUID": [["clockOrRandom", 19, 41]],
    },
  },
  'primitive-marker': {
    valid: [
      ['the shipped acquisition bodies', () => PRIMITIVES.lock_acquisition.build()],
      ['a rendered error handler', () => JSON.parse(JSON.stringify(handler).replace('{{@:env:lockScopes}}', '[\\"a\\"]'))],
      ['the marker inside a line of user code', () => js("const tag = '// @n8n-evol-I:primitive';\nreturn [{ json: { tag } }];")],
    ],
    invalid: [
      ['the marker on user code', () => js('// @n8n-evol-I:primitive\nreturn [];'), /carries the primitive marker/],
      ['the marker indented on user code', () => js('  // @n8n-evol-I:primitive  \nreturn [];'), /carries the primitive marker/],
      ['code on the rendered lockScopes line', () => JSON.parse(JSON.stringify(handler).replace('{{@:env:lockScopes}}', '[\\"a\\"]; require(\\"fs\\")')), /not a shipped primitive body/],
      ['a lockScopes line that is not a list of strings', () => JSON.parse(JSON.stringify(handler).replace('{{@:env:lockScopes}}', '[1, 2]')), /not a shipped primitive body/],
      ['an edited primitive', () => JSON.parse(JSON.stringify(PRIMITIVES.lock_release.build()).replace('lock_release: scope is required', 'scope missing')), /not a shipped primitive body/],
    ],
    errors: {
      "the marker on user code": [["notShipped", 19, 20]],
      "the marker indented on user code": [["notShipped", 19, 22]],
      "code on the rendered lockScopes line": [["notShipped", 39, 20]],
      "a lockScopes line that is not a list of strings": [["notShipped", 39, 20]],
      "an edited primitive": [["notShipped", 31, 20]],
    },
  },
  'no-legacy-function-node': {
    valid: [['a Code node', () => js('return [];')]],
    invalid: [['a Function node', () => flow([trigger, { parameters: { functionCode: 'return items;' }, name: 'F', type: 'n8n-nodes-base.function', typeVersion: 1, position: [1, 1] }]), /legacy function node/]],
    errors: {
      "a Function node": [["legacy", 22, 15]],
    },
  },
  'unique-node-names': {
    valid: [['distinct names', () => js('return [];')]],
    invalid: [['two nodes named Code', () => flow([trigger, codeNode('return [];'), codeNode('return [];')]), /duplicate node name "Code"/]],
    errors: {
      "two nodes named Code": [["duplicate", 33, 15]],
    },
  },
  'connections-valid': {
    valid: [['a chain', () => js('return [];')]],
    invalid: [
      ['to a missing node', () => ({ ...js('return [];'), connections: { Webhook: { main: [[{ node: 'Ghost', type: 'main', index: 0 }]] } } }), /"Ghost", which is not a node/],
      ['from a missing node', () => ({ ...js('return [];'), connections: { Ghost: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } } }), /connections from "Ghost"/],
      ['If output 2', () => ({ ...flow([trigger, { parameters: {}, name: 'If', type: 'n8n-nodes-base.if', typeVersion: 2.2, position: [1, 1] }, codeNode('return [];')]), connections: { Webhook: { main: [[{ node: 'If', type: 'main', index: 0 }]] }, If: { main: [[], [], [{ node: 'Code', type: 'main', index: 0 }]] } } }), /has 2 outputs, but output 2/],
    ],
    errors: {
      "to a missing node": [["unknownTarget", 34, 11]],
      "from a missing node": [["unknownSource", 31, 14]],
      "If output 2": [["noSuchOutput", 56, 9]],
    },
  },
  'unreachable-node': {
    valid: [
      ['everything connected', () => js('return [];')],
      ['an AI sub-node attached to a reachable agent', () => ({ name: 'A', nodes: [trigger, { parameters: {}, name: 'Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 1, position: [1, 1] }, { parameters: {}, name: 'Model', type: '@n8n/n8n-nodes-langchain.lmChatOpenAi', typeVersion: 1, position: [2, 2] }], connections: { Webhook: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] }, Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] } } })],
    ],
    invalid: [['a stray branch of two nodes', () => ({ ...flow([trigger, codeNode('return [];'), codeNode('return [];', 'Stray'), codeNode('return [];', 'After Stray')]), connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] }, Stray: { main: [[{ node: 'After Stray', type: 'main', index: 0 }]] } } }), /"Stray" and 1 node\(s\) after it are not reachable/]],
    errors: {
      "a stray branch of two nodes": [["unreachable", 29, 5]],
    },
  },
  'no-pin-data': {
    valid: [['no pinData', () => js('return [];')], ['empty pinData', () => ({ ...js('return [];'), pinData: {} })]],
    invalid: [['pinned output', () => ({ ...js('return [];'), pinData: { Webhook: [{ json: { a: 1 } }] } }), /pinData for 1 node/]],
    errors: {
      "pinned output": [["pinned", 46, 14]],
    },
  },
  'expression-missing-equals': {
    valid: [['an expression with =', () => flow([trigger, { parameters: { url: '={{ $json.url }}' }, name: 'H', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [1, 1] }])], ['braces inside Code', () => js('// {{ $json.x }}\nreturn [];')]],
    invalid: [['a url without =', () => flow([trigger, { parameters: { url: 'https://x/{{ $json.id }}' }, name: 'H', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [1, 1] }]), /parameter url contains an n8n expression but does not start with "="/]],
    errors: {
      "a url without =": [["missingEquals", 19, 16]],
    },
  },
  'lock-release-on-every-path': {
    valid: [['a patched workflow', () => locked()], ['a workflow locked with the native engine', () => nativeLocked()], ['a patched workflow with an open If branch', () => addLock(flow([trigger, { parameters: {}, name: 'If', type: 'n8n-nodes-base.if', typeVersion: 2.2, position: [1, 1] }, codeNode('return [];')]), { scopeExpression: 'g' }).workflow]],
    invalid: [
      ['the release removed', () => { const wf = locked(); wf.nodes = wf.nodes.filter((n: Wf) => n.name !== 'Lock Release'); for (const k of Object.keys(wf.connections)) wf.connections[k].main = wf.connections[k].main.map((s: Wf[]) => s.filter((t) => t.node !== 'Lock Release')); return wf; }, /no Lock Release ever frees/],
      ['a branch added after the lock that bypasses the release', () => { const wf = locked(); wf.nodes.push(codeNode('return [];', 'Side')); wf.connections['Lock Restore Items'].main[0].push({ node: 'Side', type: 'main', index: 0 }); return wf; }, /-> "Side" ends without a Lock Release/],
      ['native: the Lock Release removed', () => { const wf = nativeLocked(); wf.nodes = wf.nodes.filter((n: Wf) => n.name !== 'Lock Release'); delete wf.connections.Code; return wf; }, /"Lock Acquire" takes a lock that no Lock Release ever frees/],
      ['a second acquire on a branch that never meets the release', () => { const wf = locked(); const second = { ...wf.nodes.find((n: Wf) => n.name === 'Lock Acquire'), name: 'Lock Acquire Side', id: 'side-acquire' }; wf.nodes.push(second); wf.connections.Webhook.main[0].push({ node: 'Lock Acquire Side', type: 'main', index: 0 }); return wf; }, /"Lock Acquire Side" never reaches a Lock Release/],
    ],
    errors: {
      "a second acquire on a branch that never meets the release": [["neverReachesRelease", 229, 5]],
      "the release removed": [["noRelease", 29, 5]],
      "a branch added after the lock that bypasses the release": [["pathWithoutRelease", 229, 5]],
      'native: the Lock Release removed': [['noRelease', 29, 5]],
    },
  },
  'lock-release-from-acquire': {
    valid: [
      ['a patched workflow', () => locked('=crm-{{ $json.id }}')],
      ['native engine', () => nativeLocked('=crm-{{ $json.id }}')],
      ['native, each item releasing its own scope', () => { const wf = nativeLocked('={{ $json.id }}'); Object.assign(nativeNode(wf, 'Lock Release').parameters, { scope: "={{ $('Lock Acquire').item.json.lock.scope }}", lockId: "={{ $('Lock Acquire').item.json.lock.lock_id }}" }); return wf; }],
    ],
    invalid: [
      ['stock: read per item (the primitive returns one lock, not one per item)', () => { const wf = locked('=crm-{{ $json.id }}'); wf.nodes.find((n: Wf) => n.name === 'Lock Release').parameters.workflowInputs.value.scope = "={{ $('Lock Acquire').item.json.scope }}"; return wf; }, /scope is .*: take it from the acquire output, e\.g\. =\{\{ \$\('Lock Acquire'\)\.first\(\)\.json\.scope/],
      ['scope re-evaluated on the current item', () => { const wf = locked('=crm-{{ $json.id }}'); wf.nodes.find((n: Wf) => n.name === 'Lock Release').parameters.workflowInputs.value.scope = '=crm-{{ $json.id }}'; return wf; }, /scope is "=crm-\{\{ \$json\.id \}\}": take it from the acquire output/],
      ['native: lockId re-evaluated', () => { const wf = nativeLocked(); nativeNode(wf, 'Lock Release').parameters.lockId = '={{ $execution.id }}'; return wf; }, /"Lock Release" lock_id is "=\{\{ \$execution\.id \}\}": take it from the acquire output, e\.g\. =\{\{ \$\('Lock Acquire'\)\.first\(\)\.json\.lock\.lock_id \}\}/],
    ],
    errors: {
      "scope re-evaluated on the current item": [["notFromAcquire", 172, 22]],
      'stock: read per item (the primitive returns one lock, not one per item)': [['notFromAcquire', 172, 22]],
      'native: lockId re-evaluated': [['notFromAcquire', 59, 19]],
    },
  },
  'lock-acquire-inputs': {
    valid: [['a patched workflow', () => locked()]],
    invalid: [
      ['no scope', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.scope = '='; return wf; }, /"Lock Acquire" passes no scope/],
      ['no execution_id', () => { const wf = locked(); delete wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.execution_id; return wf; }, /passes no execution_id/],
      ['ttl as a string', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.ttl_seconds = '60'; return wf; }, /ttl_seconds is the string "60"/],
      ['wait as the string "false"', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.wait_till_lock_released = 'false'; return wf; }, /wait_till_lock_released is the string "false"/],
      ['continue on error', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').onError = 'continueRegularOutput'; return wf; }, /onError: continueRegularOutput/],
      ['native: no scope, and continue on error', () => { const wf = nativeLocked(); const acquire = nativeNode(wf, 'Lock Acquire'); acquire.parameters.scope = ''; acquire.onError = 'continueErrorOutput'; return wf; }, /"Lock Acquire" passes no scope[\s\S]*"Lock Acquire" has onError: continueErrorOutput/],
    ],
    errors: {
      "no scope": [["noScope", 39, 22]],
      "no execution_id": [["noExecutionId", 38, 20]],
      "ttl as a string": [["stringNumber", 40, 28]],
      "wait as the string \"false\"": [["stringBoolean", 42, 40]],
      "continue on error": [["continuesOnError", 146, 18]],
      'native: no scope, and continue on error': [['noScope', 32, 18], ['continuesOnError', 54, 18]],
    },
  },
  'lock-scope-registered': {
    valid: [['scope listed', () => locked('global'), { envs: [env('lockScopes: [global]\n')] }], ['dynamic scope', () => locked('=a-{{ $json.id }}'), { envs: [env('lockScopes: []\n')] }]],
    invalid: [['static scope missing from lockScopes', () => locked('global'), /static scope "global" .* is not in lockScopes of envs\/dev\.yml/, { envs: [env('lockScopes: [other]\n')] }]],
    errors: {
      "static scope missing from lockScopes": [["notRegistered", 39, 22]],
    },
  },
  'lock-ttl-consistent': {
    valid: [['same ttl twice', () => [locked('g', { ttlSeconds: 60 }), locked('g', { ttlSeconds: 60 })]]],
    invalid: [['two ttls for one scope', () => [locked('g', { ttlSeconds: 60 }), locked('g', { ttlSeconds: 120 })], /scope "g": ttl_seconds 60 here but 120 in w1\.json/]],
    errors: {
      "two ttls for one scope": [["differs", 40, 28], ["differs", 40, 28]],
    },
  },
  'error-workflow-registered': {
    valid: [['handler present and registered', () => locked('g', { lockOnError: true }), { workflowKeys: new Set(['error_handler_lock_cleanup']), envs: [env('workflows:\n  error_handler_lock_cleanup: { id: "a", name: "b" }\n')] }]],
    invalid: [
      ['handler missing from the repo', () => locked('g', { lockOnError: true }), /repository has no error_handler_lock_cleanup/],
      ['handler not in an env', () => locked('g', { lockOnError: true }), /does not register error_handler_lock_cleanup/, { workflowKeys: new Set(['error_handler_lock_cleanup']), envs: [env('workflows: {}\n')] }],
    ],
    errors: {
      "handler missing from the repo": [["handlerMissing", 299, 22]],
      "handler not in an env": [["notRegistered", 299, 22]],
    },
  },
  'placeholders-resolve': {
    valid: [['everything set', () => PRIMITIVES.lock_release.build(), { envsSelected: true, envs: [env('credentials:\n  redis: { id: "Real1", name: "R" }\n')] }], ['no --env', () => PRIMITIVES.lock_release.build()]],
    invalid: [
      ['a missing credential', () => PRIMITIVES.lock_release.build(), /\{\{@:env:credentials\.redis\.id\}\} is not set in envs\/dev\.yml/, { envsSelected: true, envs: [env('name: dev\n')] }],
      ['a sentinel id', () => locked(), /\{\{@:env:workflows\.lock_acquisition\.id\}\} is "your-id"/, { envsSelected: true, envs: [env('workflows:\n  lock_acquisition: { id: "your-id", name: "x" }\n')] }],
    ],
    errors: {
      "a missing credential": [["notSet", 60, 18], ["notSet", 61, 20], ["notSet", 128, 18], ["notSet", 129, 20], ["notSet", 148, 18], ["notSet", 149, 20]],
      "a sentinel id": [["sentinelId", 33, 21], ["notSet", 166, 21]],
    },
  },
  'rate-limit-gate': {
    valid: [
      ['a patched workflow', () => addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow],
      ['a patched workflow, sliding window', () => addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5, algorithm: 'sliding' }).workflow],
      ['the native node waiting: its own gate', () => addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5, engine: 'node', onDenied: 'wait' }).workflow],
      ['the native node passing through, with its gate', () => addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5, engine: 'node' }).workflow],
    ],
    invalid: [
      ['the gate removed', () => { const wf = addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow; wf.nodes = wf.nodes.filter((n: Wf) => n.name !== 'Rate Limit Allowed?'); delete wf.connections['Rate Limit Allowed?']; wf.connections['Rate Limit Restore Items'].main = [[{ node: 'Code', type: 'main', index: 0 }]]; return wf; }, /denied executions run anyway/],
      ['the gate tests something else', () => { const wf = addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow; wf.nodes.find((n: Wf) => n.name === 'Rate Limit Allowed?').parameters.conditions.conditions[0].operator = { type: 'boolean', operation: 'false', singleValue: true }; return wf; }, /should test exactly "allowed is true"/],
      ['allowed routed nowhere', () => { const wf = addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow; wf.connections['Rate Limit Allowed?'].main[0] = []; return wf; }, /output true is unconnected/],
      ['the native node passing denied items through to the flow', () => { const wf = addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5, engine: 'node' }).workflow; wf.nodes = wf.nodes.filter((n: Wf) => n.name !== 'Rate Limit Allowed?' && n.name !== 'Rate Limit Denied'); delete wf.connections['Rate Limit Allowed?']; wf.connections['Rate Limit'].main = [[{ node: 'Code', type: 'main', index: 0 }]]; return wf; }, /their rate_limit\.allowed\): denied executions run anyway/],
    ],
    errors: {
      "the gate tests something else": [["wrongCondition", 109, 23]],
      "the gate removed": [["noGate", 29, 5]],
      "allowed routed nowhere": [["allowedGoesNowhere", 107, 5]],
      "the native node passing denied items through to the flow": [["noGate", 29, 5]],
    },
  },
  'execution-order-v1': {
    valid: [['v1', () => locked()], ['no lock on v0', () => flow([trigger, codeNode('return [];')], {})]],
    invalid: [['a lock without executionOrder', () => { const wf = locked(); delete wf.settings.executionOrder; return wf; }, /settings\.executionOrder is null/]],
    errors: {
      "a lock without executionOrder": [["notV1", 297, 15]],
    },
  },
  'lock-cleanup-on-failure': {
    valid: [['cleanup registered', () => locked('g', { lockOnError: true })], ['no lock', () => js('return [];')]],
    invalid: [
      ['no error workflow', () => locked('g'), /"Lock Acquire" takes a lock, but the workflow has no error workflow: a failed execution keeps the lock until its TTL \(300 s\)/],
      ['another error workflow kept', () => locked('g', { lockOnError: true }, { errorWorkflow: 'Mine' }), /settings\.errorWorkflow is "Mine", not the cleanup handler/],
    ],
    errors: {
      "no error workflow": [["noCleanup", 29, 5]],
      "another error workflow kept": [["noCleanup", 29, 5]],
    },
  },
  'lock-zero-item-path': {
    valid: [['no filter', () => locked()]],
    invalid: [['a Filter inside the lock', () => addLock(flow([trigger, { parameters: {}, name: 'Filter', type: 'n8n-nodes-base.filter', typeVersion: 2, position: [1, 1] }, codeNode('return [];')]), { scopeExpression: 'g' }).workflow, /"Filter" may output zero items/]],
    errors: {
      "a Filter inside the lock": [["mayDropAll", 17, 5]],
    },
  },
};

describe('rule inventory', () => {
  it('every rule has an id, meta (a one-line description, a severity, messages, docs) and a test table with exact findings', () => {
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[a-z0-9-]+$/);
      expect(rule.meta.description.length).toBeGreaterThan(20);
      expect(rule.meta.description).not.toContain('\n');
      expect(['error', 'warning']).toContain(rule.meta.defaultSeverity);
      expect(Object.keys(rule.meta.messages).length, rule.id).toBeGreaterThan(0);
      expect(rule.meta.docs.url).toBe(`https://github.com/n8n-lock/n8n-lock/blob/main/docs/rules/${rule.id}.md`);
      expect(rule.meta.docs.rationale.length, rule.id).toBeGreaterThan(100);
      const table = TABLES[rule.id];
      expect(table, rule.id).toBeDefined();
      expect(table.valid.length, rule.id).toBeGreaterThan(0);
      expect(table.invalid.length, rule.id).toBeGreaterThan(0);
      expect(Object.keys(table.errors).sort(), rule.id).toEqual(table.invalid.map(([label]) => label).sort());
    }
    expect(Object.keys(TABLES).sort()).toEqual(RULES.map((r) => r.id).sort());
  });

  it('every messageId of every rule is reported by some invalid case', () => {
    for (const rule of RULES) {
      const reported = new Set(Object.values(TABLES[rule.id].errors).flatMap((list) => list.map(([messageId]) => messageId)));
      const unused = Object.keys(rule.meta.messages).filter((id) => !reported.has(id));
      expect(unused, `${rule.id}: messages no test reports`).toEqual([]);
    }
  });
});

for (const [ruleId, table] of Object.entries(TABLES)) {
  describe(ruleId, () => {
    it.each(table.valid)('valid: %s', (_label, build, options) => {
      expect(findings(build(), ruleId, options).map((f) => f.message)).toEqual([]);
    });
    it.each(table.invalid)('invalid: %s', (_label, build, message, options) => {
      const found = findings(build(), ruleId, options);
      if (process.env.DUMP_ERRORS) console.log(`DUMP ${JSON.stringify(_label)}: ${JSON.stringify(found.map((f) => [f.messageId, f.line, f.column]))},\nMSG ${found.map((f) => f.message).join(' | ')}\nMATCH ${message.test(found.map((f) => f.message).join('\n'))}`);
      expect(found.map((f) => [f.messageId, f.line, f.column]), found.map((f) => f.message).join('\n')).toEqual(table.errors[_label]);
      expect(found.map((f) => f.message).join('\n')).toMatch(message);
    });
  });
}

describe('call-function-defined severities', () => {
  it('a call to a function this repository cannot know is a warning; a likely typo is an error', () => {
    const severity = (wfs: Wf[]) => findings(wfs, 'call-function-defined').map((f) => f.severity);
    expect(severity([flow([trigger, fnCall('elsewhere')])])).toEqual(['warning']);
    expect(severity([flow([fnTrigger('enrichContact'), fnReturn()]), flow([trigger, fnCall('enrichContcat')])])).toEqual(['error']);
  });
});

describe('engine', () => {
  it('points a Code finding at the line inside the file and names the code line', () => {
    const wf = js('const a = 1;\nconst b = 2;\nreturn require("x");');
    const text = JSON.stringify(wf, null, 2);
    const [f] = validateFiles([{ file: 'w.json', text }], { envs: [], envsSelected: false }).flatMap((r) => r.findings);
    expect(f.message).toContain('(code line 3)');
    const line = text.split('\n')[f.line - 1];
    expect(line).toContain('"jsCode"');
    expect(line.slice(f.column - 1).startsWith('require')).toBe(true);
  });

  it('rule settings: off and severity overrides', () => {
    const wf = js('return [{ json: { t: Date.now(), e: process.env.X } }];');
    const run = (rules: Record<string, 'off' | 'warning' | 'error'>) =>
      validateFiles([{ file: 'w.json', text: JSON.stringify(wf) }], { envs: [], envsSelected: false, rules }).flatMap((r) => r.findings).map((f) => `${f.ruleId}:${f.severity}`);
    expect(run({})).toEqual(['code-nondeterminism:warning', 'code-purity:error']);
    expect(run({ 'code-purity': 'off', 'code-nondeterminism': 'error' })).toEqual(['code-nondeterminism:error']);
  });

  it('inline suppression needs a known rule and a reason', () => {
    const suppressed = flow([trigger, codeNode('return require("x");', 'Code', { notes: 'n8n-lock-disable code-purity -- vetted wrapper around a pure module' })]);
    const noReason = flow([trigger, codeNode('return require("x");', 'Code', { notes: 'n8n-lock-disable code-purity' })]);
    const unknown = flow([trigger, codeNode('return [];', 'Code', { notes: 'n8n-lock-disable no-such-rule -- because' })]);
    const ids = (wf: Wf) => validateFiles([{ file: 'w.json', text: JSON.stringify(wf) }], { envs: [], envsSelected: false }).flatMap((r) => r.findings).map((f) => f.ruleId);
    expect(ids(suppressed)).toEqual([]);
    expect(ids(noReason).sort()).toEqual(['code-purity', 'invalid-suppression']);
    expect(ids(unknown)).toEqual(['invalid-suppression']);
  });

  it('bad input is a finding or a skip, never a crash', () => {
    const results = validateFiles(
      [
        { file: 'broken.json', text: '{"nodes": [' },
        { file: 'package.json', text: '{"name": "x", "version": "1.0.0"}' },
        { file: 'bin.json', text: 'abc\u0000def' },
        { file: 'shape.json', text: '{"nodes": [{"name": 1}], "connections": {}}' },
        { file: 'huge.json', text: JSON.stringify(js('const a = [];\n' + 'a.push(a.length);\n'.repeat(50_000) + 'return [];')) },
      ],
      { envs: [], envsSelected: false },
    );
    expect(results.map((r) => r.skipped ?? r.findings.map((f) => f.ruleId).join(','))).toEqual([
      'parse-error',
      'not an n8n workflow (no nodes and connections)',
      'binary file',
      expect.stringMatching(/^workflow-shape/),
      '',
    ]);
  });
});
