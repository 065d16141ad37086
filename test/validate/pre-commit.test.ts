// The pre-commit hook (.pre-commit-hooks.yaml) run by the real pre-commit tool (Debian's package;
// .ci/run installs it) in a throwaway git repository: pre-commit clones this repository at HEAD,
// installs it as a node package (npm pack runs the build) and runs `n8n-lock validate` on the
// staged workflow files. A clean workflow commits; an impure one is refused and not committed.
// It tests the committed hook: HEAD, not the working tree.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { tempDir } from '../support/cli.js';
import { codeWorkflow as workflow } from '../support/code-workflow.js';

const available = spawnSync('pre-commit', ['--version']).status === 0 && spawnSync('git', ['--version']).status === 0;
const inCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });


describe('the pre-commit hook, with the real pre-commit tool', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it.skipIf(!available && !inCI)('blocks a commit of an impure Code node, lets a clean one through, and checks only the staged files', () => {
    expect(available, 'pre-commit and git must be installed in CI (.ci/run installs pre-commit)').toBe(true);
    expect(head.status, `this repository must be a git checkout: ${head.stderr}`).toBe(0);
    const repo = tempDir('n8n-lock-pre-commit-');
    const home = tempDir('n8n-lock-pre-commit-home-');
    dirs.push(repo, home);
    const env = { ...process.env, PRE_COMMIT_HOME: home, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, env, encoding: 'utf8' });
    git('init', '-q');
    writeFileSync(join(repo, '.pre-commit-config.yaml'), `repos:\n  - repo: ${ROOT}\n    rev: ${head.stdout.trim()}\n    hooks:\n      - id: n8n-lock-validate\n`);
    execFileSync('pre-commit', ['install'], { cwd: repo, env });
    mkdirSync(join(repo, 'workflows'));
    writeFileSync(join(repo, 'workflows', 'clean.json'), workflow('return $input.all();'));
    git('add', '-A');
    const first = git('commit', '-m', 'clean');
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout + first.stderr).toMatch(/n8n-lock validate\.+Passed/);

    writeFileSync(join(repo, 'workflows', 'impure.json'), workflow("const fs = require('fs');\nreturn $input.all();"));
    git('add', 'workflows/impure.json');
    const second = git('commit', '-m', 'impure');
    expect(second.status).toBe(1);
    const output = second.stdout + second.stderr;
    expect(output).toMatch(/n8n-lock validate\.+Failed/);
    expect(output).toMatch(/workflows\/impure\.json\n\s+\d+:\d+\s+error\s+"Code" \(code line 1\): module loading \(require\) is not allowed in a pure Code node\s+code-purity/);
    expect(output).toContain('in 1 workflow file(s)'); // only the staged file, not clean.json
    expect(git('log', '--oneline').stdout.trim().split('\n')).toHaveLength(1);
  }, 600_000);
});
