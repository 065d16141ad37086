import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIMITIVE_NAMES } from '../../src/primitives/index.js';
import { ROOT, runCli, snapshot, tempDir, tempRepo } from '../support/cli.js';

const DEV_YML = `# Dev environment
name: dev
credentials:
  redis: { id: "R3d1sCr3d", name: "Redis (dev)" } # from n8n
workflows:
  my_flow: { id: "AbCdEf0123456789", name: "My Flow" }
`;

describe('emit', () => {
  it('--out writes the five templates byte for byte', () => {
    const out = tempDir();
    const result = runCli(['emit', '--out', out]);
    expect(result.status).toBe(0);
    for (const name of PRIMITIVE_NAMES) {
      expect(readFileSync(join(out, `${name}.json`), 'utf8')).toBe(readFileSync(join(ROOT, 'templates', `${name}.json`), 'utf8'));
    }
    const counts = PRIMITIVE_NAMES.map((n) => JSON.parse(readFileSync(join(out, `${n}.json`), 'utf8')).nodes.length);
    expect(counts).toEqual([15, 8, 9, 4, 5]);
  });

  it('prints one primitive to stdout for piping', () => {
    const result = runCli(['emit', 'lock_release']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(ROOT, 'templates', 'lock_release.json'), 'utf8'));
  });

  it('an unknown primitive is exit 2 with the list of names', () => {
    const result = runCli(['emit', 'lock_aquisition']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`n8n-lock: unknown primitive "lock_aquisition" (known: ${PRIMITIVE_NAMES.join(', ')})\n`);
  });
});

describe('create-lock', () => {
  it('installs 4 workflows, registers them with comments intact, and a second run changes no byte', () => {
    const repo = tempRepo({ 'envs/dev.yml': DEV_YML, 'workflows/my_flow.json': '{"nodes":[],"connections":{}}\n' });
    const first = runCli(['create-lock', '--include-error-handler', '--include-rate-limit', '--cwd', repo]);
    expect(first.status, first.stderr).toBe(0);
    expect(existsSync(join(repo, 'workflows', 'rate_limit_sliding.json'))).toBe(false); // --algorithm fixed is the default
    // The next step is the command that does it (deploy creates, publishes and records the ids), not a manual chore.
    expect(first.stderr).toMatch(/^next: n8n-lock deploy --env dev \(creates and publishes them in n8n, and writes their ids into envs\/dev\.yml; needs N8N_API_KEY and n8n\.url\)$/m);
    expect(first.stderr).not.toMatch(/fill in their ids|PUBLISH them/);
    for (const name of PRIMITIVE_NAMES.filter((n) => n !== 'rate_limit_sliding')) {
      expect(readFileSync(join(repo, 'workflows', `${name}.json`), 'utf8')).toBe(readFileSync(join(ROOT, 'templates', `${name}.json`), 'utf8'));
    }
    expect(readFileSync(join(repo, 'envs/dev.yml'), 'utf8')).toBe(`# Dev environment
name: dev
credentials:
  redis: { id: "R3d1sCr3d", name: "Redis (dev)" } # from n8n
workflows:
  my_flow: { id: "AbCdEf0123456789", name: "My Flow" }
  lock_acquisition: { id: "", name: "Lock Acquisition" }
  lock_release: { id: "", name: "Lock Release" }
  error_handler_lock_cleanup: { id: "", name: "Error Handler Lock Cleanup" }
  rate_limit_check: { id: "", name: "Rate Limit Check" }
lockScopes: []
`);
    const before = snapshot(repo);
    const second = runCli(['create-lock', '--include-error-handler', '--include-rate-limit', '--cwd', repo]);
    expect(second.status).toBe(0);
    expect(snapshot(repo)).toEqual(before);
  });

  it('keeps an id the user already filled in', () => {
    const repo = tempRepo({ 'envs/dev.yml': 'workflows:\n  lock_acquisition: { id: "RealId0123456789", name: "Mine" }\n' });
    expect(runCli(['create-lock', '--cwd', repo]).status).toBe(0);
    expect(readFileSync(join(repo, 'envs/dev.yml'), 'utf8')).toContain('lock_acquisition: { id: "RealId0123456789", name: "Mine" }');
  });

  it('leaves a modified primitive alone with a warning, and replaces it with --force-overwrite', () => {
    const repo = tempRepo({ 'envs/dev.yml': DEV_YML, 'workflows/lock_release.json': '{"edited": true}\n' });
    const kept = runCli(['create-lock', '--cwd', repo]);
    expect(kept.status).toBe(0);
    expect(kept.stderr).toContain('workflows/lock_release.json: differs from the shipped primitive; left alone (use --force-overwrite to replace it)');
    expect(readFileSync(join(repo, 'workflows/lock_release.json'), 'utf8')).toBe('{"edited": true}\n');
    expect(runCli(['create-lock', '--cwd', repo, '--force-overwrite']).status).toBe(0);
    expect(readFileSync(join(repo, 'workflows/lock_release.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'templates/lock_release.json'), 'utf8'));
  });

  it('several environments without --env: exit 2 before any write', () => {
    const repo = tempRepo({ 'envs/dev.yml': DEV_YML, 'envs/prod.yml': DEV_YML });
    const before = snapshot(repo);
    const result = runCli(['create-lock', '--cwd', repo]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('n8n-lock: several environments in envs (dev, prod): choose with --env <name>[,<name>]\n');
    expect(snapshot(repo)).toEqual(before);
  });

  it('--env picks environments; an unknown one is exit 2', () => {
    const repo = tempRepo({ 'envs/dev.yml': DEV_YML, 'envs/prod.yml': DEV_YML });
    expect(runCli(['create-lock', '--cwd', repo, '--env', 'prod']).status).toBe(0);
    expect(readFileSync(join(repo, 'envs/dev.yml'), 'utf8')).toBe(DEV_YML);
    expect(readFileSync(join(repo, 'envs/prod.yml'), 'utf8')).toContain('lock_release:');
    const unknown = runCli(['create-lock', '--cwd', repo, '--env', 'staging']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--env staging: no such environment in envs (found: dev, prod)');
  });

  it.each([
    ['malformed YAML', { 'envs/dev.yml': 'name: [oops\n' }, /^n8n-lock: envs\/dev\.yml:\d+:\d+: malformed YAML/],
    ['an env file that is not a mapping', { 'envs/dev.yml': '- a\n' }, /^n8n-lock: envs\/dev\.yml: an env file must be a YAML mapping/],
    ['a workflows folder that is a file', { 'envs/dev.yml': DEV_YML, workflows: 'not a folder' }, /^n8n-lock: workflows: is a file, expected the workflows directory/],
  ])('%s: one line, exit 2, nothing changed', (_label, files, message) => {
    const repo = tempRepo(files as Record<string, string>);
    const before = snapshot(repo);
    const result = runCli(['create-lock', '--cwd', repo]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot(repo)).toEqual(before);
  });

  it('never writes through a symlink that points outside the repo', () => {
    const outside = tempDir();
    writeFileSync(join(outside, 'target.json'), 'precious\n');
    const repo = tempRepo({ 'envs/dev.yml': DEV_YML });
    mkdirSync(join(repo, 'workflows'));
    symlinkSync(join(outside, 'target.json'), join(repo, 'workflows', 'lock_acquisition.json'));
    const result = runCli(['create-lock', '--cwd', repo, '--force-overwrite']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('workflows/lock_acquisition.json: is a symlink that points outside the repository');
    expect(readFileSync(join(outside, 'target.json'), 'utf8')).toBe('precious\n');
    expect(existsSync(join(repo, 'workflows', 'lock_release.json'))).toBe(false);
  });

  it('works in the seed harness layout without flags', () => {
    const repo = tempRepo({
      'n8n-config/dev.yml': DEV_YML,
      'n8n-config/common.yml': 'shared: true\n',
      'n8n-config/deployment_order.yml': '- a\n',
      'n8n-workflows-template/my_flow.template.json': '{}\n',
    });
    const result = runCli(['create-lock', '--cwd', repo]);
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(repo, 'n8n-workflows-template/lock_acquisition.template.json'))).toBe(true);
    expect(readFileSync(join(repo, 'n8n-config/dev.yml'), 'utf8')).toContain('lock_acquisition: { id: "", name: "Lock Acquisition" }');
    expect(readFileSync(join(repo, 'n8n-config/common.yml'), 'utf8')).toBe('shared: true\n');
  });

  it('without env files it installs the workflows and says how to register them', () => {
    const repo = tempDir();
    const result = runCli(['create-lock', '--cwd', repo]);
    expect(result.status).toBe(0);
    expect(existsSync(join(repo, 'workflows/lock_acquisition.json'))).toBe(true);
    expect(result.stderr).toContain('no environment files in envs');
  });

  it('a --cwd that does not exist is exit 2', () => {
    const result = runCli(['create-lock', '--cwd', '/nonexistent/repo']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('n8n-lock: /nonexistent/repo: --cwd is not a directory\n');
  });
});

describe('copy-primitive', () => {
  it('--list prints every primitive with a description', () => {
    const result = runCli(['copy-primitive', '--list']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0])).toEqual([...PRIMITIVE_NAMES]);
  });

  it('copies one primitive, registers nothing, and prints the registration it still needs', () => {
    const repo = tempRepo({ 'envs/dev.yml': DEV_YML });
    const result = runCli(['copy-primitive', 'rate_limit_check', '--cwd', repo]);
    expect(result.status).toBe(0);
    expect(existsSync(join(repo, 'workflows/rate_limit_check.json'))).toBe(true);
    expect(readFileSync(join(repo, 'envs/dev.yml'), 'utf8')).toBe(DEV_YML);
    expect(result.stderr).toContain('rate_limit_check: { id: "", name: "Rate Limit Check" }');
  });

  it('unknown name: exit 2 with the list', () => {
    const repo = tempDir();
    const result = runCli(['copy-primitive', 'mutex', '--cwd', repo]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown primitive "mutex" (known: lock_acquisition, lock_release, error_handler_lock_cleanup, rate_limit_check, rate_limit_sliding)');
    expect(snapshot(repo)).toEqual({});
  });
});

describe('usage', () => {
  it.each(['emit', 'create-lock', 'copy-primitive'])('%s --help shows examples', (command) => {
    const result = runCli([command, '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain(`$ n8n-lock ${command}`);
  });

  it('an unknown flag is exit 2', () => {
    const result = runCli(['create-lock', '--nope']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown option '--nope'");
  });

  it('an unknown command is exit 2', () => {
    expect(runCli(['frobnicate']).status).toBe(2);
  });
});
