import { describe, expect, it } from 'vitest';
import { findPlaceholders, isPlaceholderFor, isSentinelId, resolvePlaceholders, targetWorkflowKey } from '../../src/workflow/placeholders.js';
import { normalizeScopeExpression, parseTemplate, staticValueOf } from '../../src/workflow/expressions.js';
import { renderLockScopesLine, renderWorkflow, unrenderLockScopesLine } from '../../src/envs/render.js';
import { PRIMITIVES } from '../../src/primitives/index.js';
import { parseEnvFile } from '../../src/envs/env-file.js';

const env = { credentials: { redis: { id: 'R3d1s', name: 'Redis "dev"' } }, workflows: { a: { id: 'Aaaaaaaaaaaaaaa1', name: 'A' }, empty: { id: '', name: 'E' }, todo: { id: 'your-id-here', name: 'T' } }, lockScopes: ['global', 'crm'] };
const lookup = (path: string) => path.split('.').reduce<any>((o, k) => (o == null ? undefined : o[k]), env);

describe('placeholders: every generation is read, only @:env is emitted', () => {
  it.each([
    ['{{@:env:credentials.redis.id}}'],
    ['{{@env:credentials.redis.id}}'],
    ['{{INTERPOLATE:env:credentials.redis.id}}'],
    ['{{INTERPOLATE_env:credentials.redis.id}}'],
    ['{{HYDRATE:env:credentials.redis.id}}'],
  ])('%s resolves to the scalar', (text) => {
    expect(findPlaceholders(text)).toEqual([{ text, path: 'credentials.redis.id', index: 0 }]);
    expect(resolvePlaceholders(text, lookup).text).toBe('R3d1s');
    expect(isPlaceholderFor(text, 'credentials.redis.id')).toBe(true);
  });

  it('never touches n8n expressions', () => {
    const text = '={{ $json.x }} {{ $env.FOO }} {{@:env }}';
    expect(findPlaceholders(text)).toEqual([]);
    expect(resolvePlaceholders(text, lookup).text).toBe(text);
  });

  it('escapes values for the JSON string they sit in; lists become JSON literals', () => {
    const json = JSON.stringify({ name: '{{@:env:credentials.redis.name}}', code: 'const S = {{@:env:lockScopes}};' });
    const { text, problems } = resolvePlaceholders(json, lookup);
    expect(problems).toEqual([]);
    expect(JSON.parse(text)).toEqual({ name: 'Redis "dev"', code: 'const S = ["global","crm"];' });
  });

  it('reports missing paths, empty and sentinel ids', () => {
    const { problems } = resolvePlaceholders('{{@:env:workflows.nope.id}} {{@:env:workflows.empty.id}} {{@:env:workflows.todo.id}}', lookup);
    expect(problems.map((p) => [p.path, p.reason.split(' (')[0].split(':')[0]])).toEqual([
      ['workflows.nope.id', 'is not set in the env file'],
      ['workflows.empty.id', 'is empty or a placeholder value'],
      ['workflows.todo.id', 'is empty or a placeholder value'],
    ]);
  });

  it.each(['', 'placeholder', 'your-workflow-id', 'TODO', 'xxxx', '<id>'])('%j is a sentinel id', (id) => expect(isSentinelId(id)).toBe(true));
  it.each(['AbCdEf0123456789', 'R3d1sCr3d'])('%j is a real id', (id) => expect(isSentinelId(id)).toBe(false));

  it('reads the target of Execute Workflow v1 (string) and v1.1+ (resource locator)', () => {
    expect(targetWorkflowKey({ workflowId: '{{@:env:workflows.lock_release.id}}' })).toBe('lock_release');
    expect(targetWorkflowKey({ workflowId: { __rl: true, value: '{{HYDRATE:env:workflows.lock_acquisition.id}}', mode: 'id' } })).toBe('lock_acquisition');
    expect(targetWorkflowKey({ workflowId: { __rl: true, value: 'abc', mode: 'list' } })).toBeUndefined();
  });
});

describe('render', () => {
  const yml = 'name: dev\nworkflowNamePostfix: " [DEV]"\ncredentials:\n  redis: { id: "R3d1s", name: "Redis" }\nworkflows:\n  flow: { id: "Flow000000000001", name: "Flow" }\n';
  const text = JSON.stringify({ name: 'x', nodes: [{ credentials: { redis: { id: '{{@:env:credentials.redis.id}}' } }, code: 'const S = {{@:env:lockScopes}};' }], connections: {} }, null, 2);

  it('a missing lockScopes renders as [] with a warning; the env id and name are stamped', () => {
    const out = renderWorkflow('flow', text, 'workflows/flow.json', parseEnvFile(yml, 'envs/dev.yml', 'dev'));
    const wf = JSON.parse(out.text);
    expect(Object.keys(wf)[0]).toBe('id');
    expect(wf.id).toBe('Flow000000000001');
    expect(wf.name).toBe('Flow [DEV]');
    expect(wf.nodes[0].code).toBe('const S = [];');
    expect(out.warnings[0]).toMatch(/has no lockScopes: rendered as \[\]/);
  });

  it('fails naming the placeholder, the file and the env', () => {
    const broken = parseEnvFile('name: dev\n', 'envs/dev.yml', 'dev');
    expect(() => renderWorkflow('flow', text, 'workflows/flow.json', broken)).toThrow(
      'workflows/flow.json: {{@:env:credentials.redis.id}} is not set in the env file for env "dev" (envs/dev.yml)',
    );
  });
});

describe('scope expressions', () => {
  it.each([
    ['global', '={{ "global" }}', 'global'],
    ['excel-sharepoint-write', '={{ "excel-sharepoint-write" }}', 'excel-sharepoint-write'],
    ['=$json.id', '={{ $json.id }}', undefined],
    ['={{ "fixed" }}', '={{ "fixed" }}', 'fixed'],
    ["={{ 'single' }}", "={{ 'single' }}", 'single'],
    ['={{ `tpl` }}', '={{ `tpl` }}', 'tpl'],
    ['={{ `a-${$json.id}` }}', '={{ `a-${$json.id}` }}', undefined],
    ['=api-{{ $json.userId }}', '=api-{{ $json.userId }}', undefined],
    ['=api-{{ "v2" }}', '=api-{{ "v2" }}', 'api-v2'],
    ['={{ "$json.id" }}', '={{ "$json.id" }}', '$json.id'],
    ['={{ $execution.id }}', '={{ $execution.id }}', undefined],
  ])('%s -> %s (static: %s)', (input, expression, staticScope) => {
    expect(normalizeScopeExpression(input)).toEqual({ expression, staticScope });
  });

  it.each(['', '=', '={{ $json.( }}', '={{ $json.a }', '={{ }}', '={{ "" }}'])('%j is refused', (input) => {
    expect(() => normalizeScopeExpression(input)).toThrow();
  });

  it('splits templates by parsing, so }} inside a string is fine', () => {
    expect(parseTemplate('=a{{ "}}" }}b')).toEqual([
      { kind: 'text', value: 'a' },
      { kind: 'expression', source: '"}}"' },
      { kind: 'text', value: 'b' },
    ]);
    expect(staticValueOf('=a{{ "}}" }}b')).toBe('a}}b');
  });
});

describe("render's lockScopes line and its exact inverse", () => {
  const handler = () => JSON.stringify(PRIMITIVES.error_handler_lock_cleanup.build(), null, 2);
  const rendered = (yml: string) => {
    const out = JSON.parse(renderWorkflow('error_handler_lock_cleanup', handler(), 'workflows/h.json', parseEnvFile(yml, 'envs/dev.yml', 'dev')).text);
    const body: string = out.nodes.find((n: any) => n.name === 'Prepare Scope List').parameters.jsCode;
    return body.split('\n').find((line) => line.startsWith('const LOCK_SCOPES = '))!;
  };

  it('render writes exactly renderLockScopesLine, and unrender gives the placeholder line back', () => {
    for (const scopes of [[], ['global'], ['a b', 'quote"d', 'back\\slash', 'ünï', 'crm:*']]) {
      const line = rendered(`credentials:\n  redis: { id: "R3d1sCred", name: "Redis" }\nlockScopes: ${JSON.stringify(scopes)}\n`);
      expect(line).toBe(renderLockScopesLine(scopes));
      expect(unrenderLockScopesLine(line)).toBe('const LOCK_SCOPES = {{@:env:lockScopes}};');
    }
  });

  it('anything render could not have written is refused', () => {
    for (const line of [
      'const LOCK_SCOPES = ["a"]; require("fs");',
      'const LOCK_SCOPES = ["a"];;',
      'const LOCK_SCOPES = [ "a" ];',
      'const LOCK_SCOPES = [1];',
      'const LOCK_SCOPES = {"a":1};',
      'const LOCK_SCOPES = ["a"].concat(process.env);',
      'const LOCK_SCOPES = "a";',
      'const LOCK_SCOPES  = ["a"];',
    ]) {
      expect(unrenderLockScopesLine(line), line).toBeUndefined();
    }
  });
});
