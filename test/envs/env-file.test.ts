import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { addLockScope, ensureLockScopes, envFileText, getEnvPath, parseEnvFile, registerWorkflow } from '../../src/envs/env-file.js';
import { envJsonSchema } from '../../src/envs/schema.js';

const DEV = `# dev environment
name: dev # short name
credentials:
  redis: { id: "R3d1s", name: "Redis (dev)" }
workflows:
  # protected flows
  my_flow: { id: "abc", name: "My Flow" } # keep me
custom:
  anything: [1, 2]
`;

describe('env YAML editing', () => {
  it('registers primitives and seeds lockScopes, keeping comments, order and unknown keys', () => {
    const env = parseEnvFile(DEV, 'envs/dev.yml', 'dev');
    expect(registerWorkflow(env, 'lock_acquisition', 'Lock Acquisition')).toBe(true);
    expect(ensureLockScopes(env)).toBe(true);
    expect(envFileText(env)).toBe(`# dev environment
name: dev # short name
credentials:
  redis: { id: "R3d1s", name: "Redis (dev)" }
workflows:
  # protected flows
  my_flow: { id: "abc", name: "My Flow" } # keep me
  lock_acquisition: { id: "", name: "Lock Acquisition" }
custom:
  anything: [ 1, 2 ]
lockScopes: []
`);
  });

  it('keeps an existing registration and its id', () => {
    const env = parseEnvFile(DEV, 'envs/dev.yml', 'dev');
    expect(registerWorkflow(env, 'my_flow', 'Other')).toBe(false);
    expect(env.changed).toBe(false);
    expect(envFileText(env)).toBe(DEV);
  });

  it('a second edit pass over the written text changes nothing (idempotent)', () => {
    const first = parseEnvFile(DEV, 'e', 'dev');
    registerWorkflow(first, 'lock_release', 'Lock Release');
    ensureLockScopes(first);
    addLockScope(first, 'global');
    const text = envFileText(first);
    const second = parseEnvFile(text, 'e', 'dev');
    registerWorkflow(second, 'lock_release', 'Lock Release');
    ensureLockScopes(second);
    addLockScope(second, 'global');
    expect(second.changed).toBe(false);
    expect(envFileText(second)).toBe(text);
  });

  it('appends scopes once, as a block list', () => {
    const env = parseEnvFile('lockScopes: []\n', 'e', 'dev');
    addLockScope(env, 'global');
    addLockScope(env, 'excel-write');
    addLockScope(env, 'global');
    expect(envFileText(env)).toBe('lockScopes:\n  - global\n  - excel-write\n');
  });

  it('treats an empty `lockScopes:` as absent', () => {
    const env = parseEnvFile('lockScopes:\n', 'e', 'dev');
    expect(ensureLockScopes(env)).toBe(true);
    expect(envFileText(env)).toBe('lockScopes: []\n');
  });

  it('an empty file becomes a mapping', () => {
    const env = parseEnvFile('', 'e', 'dev');
    registerWorkflow(env, 'lock_release', 'Lock Release');
    expect(envFileText(env)).toBe('workflows:\n  lock_release: { id: "", name: "Lock Release" }\n');
  });

  it('reads dot paths', () => {
    const env = parseEnvFile(DEV, 'e', 'dev');
    expect(getEnvPath(env.data, 'credentials.redis.id')).toBe('R3d1s');
    expect(getEnvPath(env.data, 'workflows.nope.id')).toBeUndefined();
  });
});

describe('env YAML errors name the file and the place', () => {
  it.each([
    ['name: [unclosed\n', /^envs\/x\.yml:\d+:\d+: malformed YAML: /],
    ['- a\n- b\n', /^envs\/x\.yml: an env file must be a YAML mapping/],
    ['just a string\n', /^envs\/x\.yml: an env file must be a YAML mapping/],
    ['lockScopes: global\n', /^envs\/x\.yml: lockScopes: /],
    ['workflows:\n  a: { id: 5, name: "A" }\n', /^envs\/x\.yml: workflows\.a\.id: /],
    ['credentials:\n  redis: { id: "x" }\n', /^envs\/x\.yml: credentials\.redis\.name: /],
  ])('%j', (text, message) => {
    expect(() => parseEnvFile(text, 'envs/x.yml', 'x')).toThrow(message);
  });
});

describe('published JSON Schema', () => {
  it('schema/env.schema.json is what the zod schema produces', () => {
    const file = JSON.parse(readFileSync(new URL('../../schema/env.schema.json', import.meta.url), 'utf8'));
    expect(file).toEqual(envJsonSchema());
  });

  it('accepts the example envs and rejects a bad one (checked with ajv, as an editor would)', async () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(envJsonSchema());
    const { parse } = await import('yaml');
    for (const name of ['dev', 'prod']) {
      expect(validate(parse(readFileSync(new URL(`../../examples/envs/${name}.yml`, import.meta.url), 'utf8'))), name).toBe(true);
    }
    expect(validate({ lockScopes: 'global' })).toBe(false);
  });
});
