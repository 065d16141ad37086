// One valid/invalid table per rule, like ESLint's RuleTester. A test checks the inventory: every
// rule has an id, a one-line description and a table here.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/validate/rules.js';
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
const locked = (scope = 'global', extra: Wf = {}) => addLock(flow([trigger, codeNode('return $input.all();')]), { scopeExpression: scope, ...extra }).workflow;
const env = (yaml: string) => parseEnvFile(yaml, 'envs/dev.yml', 'dev');

function findings(wf: Wf | Wf[], ruleId: string, options: Partial<ValidateOptions> = {}) {
  const list = Array.isArray(wf) ? wf : [wf];
  const results = validateFiles(list.map((w, i) => ({ file: `w${i}.json`, text: JSON.stringify(w, null, 2) })), { envs: [], envsSelected: false, ...options });
  return results.flatMap((r) => r.findings).filter((f) => f.ruleId === ruleId);
}

interface Table {
  valid: Array<[string, () => Wf | Wf[], Partial<ValidateOptions>?]>;
  invalid: Array<[string, () => Wf | Wf[], RegExp, Partial<ValidateOptions>?]>;
}

const handler = PRIMITIVES.error_handler_lock_cleanup.build();
const TABLES: Record<string, Table> = {
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
    ],
    invalid: [
      ['require', () => js("const fs = require('fs'); return [];"), /module loading \(require\)/],
      ['aliased require', () => js("const r = require; return r('fs');"), /module loading \(require\)/],
      ['import declaration', () => js("import fs from 'fs';\nreturn [];"), /import from "fs"/],
      ['dynamic import', () => js("const m = await import('fs'); return [];"), /dynamic import\(\)/],
      ['fetch', () => js("await fetch('http://x'); return [];"), /network I\/O \(fetch\)/],
      ['this.helpers', () => js('await this.helpers.httpRequest({ url: "x" }); return [];'), /this\.helpers/],
      ['destructured this.helpers', () => js('const { helpers } = this; return [];'), /destructured from this/],
      ['computed this', () => js("const k = 'hel' + 'pers'; return this[k];"), /computed access on `this`/],
      ['getCredentials', () => js("const c = await this.getCredentials('x'); return [];"), /this\.getCredentials/],
      ['bare helpers', () => js('return helpers.request({});'), /helpers\.\*/],
      ['$http', () => js('return $http.get("x");'), /\$http/],
      ['process', () => js('return [{ json: { e: process.env.X } }];'), /process access/],
      ['$env', () => js('return [{ json: { e: $env.SECRET } }];'), /\$env/],
      ['eval', () => js("eval('1'); return [];"), /eval/],
      ['Function', () => js("return new Function('return 1')();"), /Function/],
      ['constructor chain', () => js("return (() => 1).constructor.constructor('return process')();"), /constructor\.constructor/],
      ['string timer', () => js("setTimeout('doIt()', 5); return [];"), /string argument/],
      ['computed globalThis', () => js("return globalThis['req' + 'uire']('fs');"), /computed access on globalThis/],
      ['globalThis.fetch', () => js("return globalThis.fetch('x');"), /globalThis\.fetch/],
      ['fetch destructured from globalThis', () => js('const { fetch } = globalThis; return [];'), /destructured from globalThis/],
      ['syntax error', () => js('return [{ json: }];'), /cannot be parsed/],
      ['python open()', () => flow([trigger, { ...codeNode(''), parameters: { language: 'python', pythonCode: "f = open('/etc/passwd')\nreturn items" } }]), /open\(\)/],
      ['python import os', () => flow([trigger, { ...codeNode(''), parameters: { language: 'pythonNative', pythonCode: 'import json, os\nreturn items' } }]), /"os"/],
      ['an edited primitive body', () => js(String(PRIMITIVES.lock_release.build().nodes[1].parameters.jsCode).replace("'n8n-lock-'", "require('x') + 'n8n-lock-'")), /module loading \(require\)/],
    ],
  },
  'code-nondeterminism': {
    valid: [['dates from data', () => js('return [{ json: { d: new Date($json.when).toISOString() } }];')]],
    invalid: [
      ['Date.now', () => js('return [{ json: { t: Date.now() } }];'), /Date\.now/],
      ['new Date()', () => js('return [{ json: { t: new Date() } }];'), /new Date\(\)/],
      ['Math.random', () => js('return [{ json: { r: Math.random() } }];'), /Math\.random/],
      ['crypto.randomUUID', () => js('return [{ json: { r: crypto.randomUUID() } }];'), /crypto\.randomUUID/],
    ],
  },
  'primitive-marker': {
    valid: [['the shipped acquisition bodies', () => PRIMITIVES.lock_acquisition.build()], ['a rendered error handler', () => JSON.parse(JSON.stringify(handler).replace('{{@:env:lockScopes}}', '[\\"a\\"]'))]],
    invalid: [
      ['the marker on user code', () => js('// @n8n-evol-I:primitive\nreturn [];'), /carries the primitive marker/],
      ['an edited primitive', () => JSON.parse(JSON.stringify(PRIMITIVES.lock_release.build()).replace('lock_release: scope is required', 'scope missing')), /not a shipped primitive body/],
    ],
  },
  'no-legacy-function-node': {
    valid: [['a Code node', () => js('return [];')]],
    invalid: [['a Function node', () => flow([trigger, { parameters: { functionCode: 'return items;' }, name: 'F', type: 'n8n-nodes-base.function', typeVersion: 1, position: [1, 1] }]), /legacy function node/]],
  },
  'unique-node-names': {
    valid: [['distinct names', () => js('return [];')]],
    invalid: [['two nodes named Code', () => flow([trigger, codeNode('return [];'), codeNode('return [];')]), /duplicate node name "Code"/]],
  },
  'connections-valid': {
    valid: [['a chain', () => js('return [];')]],
    invalid: [
      ['to a missing node', () => ({ ...js('return [];'), connections: { Webhook: { main: [[{ node: 'Ghost', type: 'main', index: 0 }]] } } }), /"Ghost", which is not a node/],
      ['from a missing node', () => ({ ...js('return [];'), connections: { Ghost: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } } }), /connections from "Ghost"/],
      ['If output 2', () => ({ ...flow([trigger, { parameters: {}, name: 'If', type: 'n8n-nodes-base.if', typeVersion: 2.2, position: [1, 1] }, codeNode('return [];')]), connections: { Webhook: { main: [[{ node: 'If', type: 'main', index: 0 }]] }, If: { main: [[], [], [{ node: 'Code', type: 'main', index: 0 }]] } } }), /has 2 outputs, but output 2/],
    ],
  },
  'unreachable-node': {
    valid: [
      ['everything connected', () => js('return [];')],
      ['an AI sub-node attached to a reachable agent', () => ({ name: 'A', nodes: [trigger, { parameters: {}, name: 'Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 1, position: [1, 1] }, { parameters: {}, name: 'Model', type: '@n8n/n8n-nodes-langchain.lmChatOpenAi', typeVersion: 1, position: [2, 2] }], connections: { Webhook: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] }, Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] } } })],
    ],
    invalid: [['a stray branch of two nodes', () => ({ ...flow([trigger, codeNode('return [];'), codeNode('return [];', 'Stray'), codeNode('return [];', 'After Stray')]), connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] }, Stray: { main: [[{ node: 'After Stray', type: 'main', index: 0 }]] } } }), /"Stray" and 1 node\(s\) after it are not reachable/]],
  },
  'no-pin-data': {
    valid: [['no pinData', () => js('return [];')], ['empty pinData', () => ({ ...js('return [];'), pinData: {} })]],
    invalid: [['pinned output', () => ({ ...js('return [];'), pinData: { Webhook: [{ json: { a: 1 } }] } }), /pinData for 1 node/]],
  },
  'expression-missing-equals': {
    valid: [['an expression with =', () => flow([trigger, { parameters: { url: '={{ $json.url }}' }, name: 'H', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [1, 1] }])], ['braces inside Code', () => js('// {{ $json.x }}\nreturn [];')]],
    invalid: [['a url without =', () => flow([trigger, { parameters: { url: 'https://x/{{ $json.id }}' }, name: 'H', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [1, 1] }]), /parameter url contains an n8n expression but does not start with "="/]],
  },
  'lock-release-on-every-path': {
    valid: [['a patched workflow', () => locked()], ['a patched workflow with an open If branch', () => addLock(flow([trigger, { parameters: {}, name: 'If', type: 'n8n-nodes-base.if', typeVersion: 2.2, position: [1, 1] }, codeNode('return [];')]), { scopeExpression: 'g' }).workflow]],
    invalid: [
      ['the release removed', () => { const wf = locked(); wf.nodes = wf.nodes.filter((n: Wf) => n.name !== 'Lock Release'); for (const k of Object.keys(wf.connections)) wf.connections[k].main = wf.connections[k].main.map((s: Wf[]) => s.filter((t) => t.node !== 'Lock Release')); return wf; }, /no Lock Release ever frees/],
      ['a branch added after the lock that bypasses the release', () => { const wf = locked(); wf.nodes.push(codeNode('return [];', 'Side')); wf.connections['Lock Restore Items'].main[0].push({ node: 'Side', type: 'main', index: 0 }); return wf; }, /-> "Side" ends without a Lock Release/],
    ],
  },
  'lock-release-from-acquire': {
    valid: [['a patched workflow', () => locked('=crm-{{ $json.id }}')]],
    invalid: [['scope re-evaluated on the current item', () => { const wf = locked('=crm-{{ $json.id }}'); wf.nodes.find((n: Wf) => n.name === 'Lock Release').parameters.workflowInputs.value.scope = '=crm-{{ $json.id }}'; return wf; }, /scope is "=crm-\{\{ \$json\.id \}\}": take it from the acquire output/]],
  },
  'lock-acquire-inputs': {
    valid: [['a patched workflow', () => locked()]],
    invalid: [
      ['no execution_id', () => { const wf = locked(); delete wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.execution_id; return wf; }, /passes no execution_id/],
      ['ttl as a string', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.ttl_seconds = '60'; return wf; }, /ttl_seconds is the string "60"/],
      ['wait as the string "false"', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').parameters.workflowInputs.value.wait_till_lock_released = 'false'; return wf; }, /wait_till_lock_released is the string "false"/],
      ['continue on error', () => { const wf = locked(); wf.nodes.find((n: Wf) => n.name === 'Lock Acquire').onError = 'continueRegularOutput'; return wf; }, /onError: continueRegularOutput/],
    ],
  },
  'lock-scope-registered': {
    valid: [['scope listed', () => locked('global'), { envs: [env('lockScopes: [global]\n')] }], ['dynamic scope', () => locked('=a-{{ $json.id }}'), { envs: [env('lockScopes: []\n')] }]],
    invalid: [['static scope missing from lockScopes', () => locked('global'), /static scope "global" .* is not in lockScopes of envs\/dev\.yml/, { envs: [env('lockScopes: [other]\n')] }]],
  },
  'lock-ttl-consistent': {
    valid: [['same ttl twice', () => [locked('g', { ttlSeconds: 60 }), locked('g', { ttlSeconds: 60 })]]],
    invalid: [['two ttls for one scope', () => [locked('g', { ttlSeconds: 60 }), locked('g', { ttlSeconds: 120 })], /scope "g": ttl_seconds 60 here but 120 in w1\.json/]],
  },
  'error-workflow-registered': {
    valid: [['handler present and registered', () => locked('g', { lockOnError: true }), { workflowKeys: new Set(['error_handler_lock_cleanup']), envs: [env('workflows:\n  error_handler_lock_cleanup: { id: "a", name: "b" }\n')] }]],
    invalid: [
      ['handler missing from the repo', () => locked('g', { lockOnError: true }), /repository has no error_handler_lock_cleanup/],
      ['handler not in an env', () => locked('g', { lockOnError: true }), /does not register error_handler_lock_cleanup/, { workflowKeys: new Set(['error_handler_lock_cleanup']), envs: [env('workflows: {}\n')] }],
    ],
  },
  'placeholders-resolve': {
    valid: [['everything set', () => PRIMITIVES.lock_release.build(), { envsSelected: true, envs: [env('credentials:\n  redis: { id: "Real1", name: "R" }\n')] }], ['no --env', () => PRIMITIVES.lock_release.build()]],
    invalid: [
      ['a missing credential', () => PRIMITIVES.lock_release.build(), /\{\{@:env:credentials\.redis\.id\}\} is not set in envs\/dev\.yml/, { envsSelected: true, envs: [env('name: dev\n')] }],
      ['a sentinel id', () => locked(), /\{\{@:env:workflows\.lock_acquisition\.id\}\} is "your-id"/, { envsSelected: true, envs: [env('workflows:\n  lock_acquisition: { id: "your-id", name: "x" }\n')] }],
    ],
  },
  'rate-limit-gate': {
    valid: [['a patched workflow', () => addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow]],
    invalid: [
      ['the gate removed', () => { const wf = addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow; wf.nodes = wf.nodes.filter((n: Wf) => n.name !== 'Rate Limit Allowed?'); delete wf.connections['Rate Limit Allowed?']; wf.connections['Rate Limit Restore Items'].main = [[{ node: 'Code', type: 'main', index: 0 }]]; return wf; }, /denied executions run anyway/],
      ['allowed routed nowhere', () => { const wf = addRateLimit(js('return [];'), { limit: 2, windowSeconds: 5 }).workflow; wf.connections['Rate Limit Allowed?'].main[0] = []; return wf; }, /output true is unconnected/],
    ],
  },
  'execution-order-v1': {
    valid: [['v1', () => locked()], ['no lock on v0', () => flow([trigger, codeNode('return [];')], {})]],
    invalid: [['a lock without executionOrder', () => { const wf = locked(); delete wf.settings.executionOrder; return wf; }, /settings\.executionOrder is null/]],
  },
  'lock-zero-item-path': {
    valid: [['no filter', () => locked()]],
    invalid: [['a Filter inside the lock', () => addLock(flow([trigger, { parameters: {}, name: 'Filter', type: 'n8n-nodes-base.filter', typeVersion: 2, position: [1, 1] }, codeNode('return [];')]), { scopeExpression: 'g' }).workflow, /"Filter" may output zero items/]],
  },
};

describe('rule inventory', () => {
  it('every rule has an id, a one-line description, a severity and a test table', () => {
    for (const rule of RULES) {
      expect(rule.id).toMatch(/^[a-z0-9-]+$/);
      expect(rule.description.length).toBeGreaterThan(20);
      expect(rule.description).not.toContain('\n');
      expect(['error', 'warning']).toContain(rule.defaultSeverity);
      expect(TABLES[rule.id], rule.id).toBeDefined();
      expect(TABLES[rule.id].valid.length, rule.id).toBeGreaterThan(0);
      expect(TABLES[rule.id].invalid.length, rule.id).toBeGreaterThan(0);
    }
    expect(Object.keys(TABLES).sort()).toEqual(RULES.map((r) => r.id).sort());
  });
});

for (const [ruleId, table] of Object.entries(TABLES)) {
  describe(ruleId, () => {
    it.each(table.valid)('valid: %s', (_label, build, options) => {
      expect(findings(build(), ruleId, options).map((f) => f.message)).toEqual([]);
    });
    it.each(table.invalid)('invalid: %s', (_label, build, message, options) => {
      const found = findings(build(), ruleId, options);
      expect(found.length, JSON.stringify(found)).toBeGreaterThan(0);
      expect(found.map((f) => f.message).join('\n')).toMatch(message);
      for (const f of found) expect(f.line).toBeGreaterThan(0);
    });
  });
}

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
