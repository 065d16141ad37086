// The shipped alert rules (deploy/prometheus/n8n-lock.rules.yml) through Prometheus's own tool:
// `promtool check rules` accepts them, `promtool test rules` runs n8n-lock.rules.test.yml (series
// that fire each rule and series that do not), and a rule with its threshold moved makes those
// tests fail, so they do test the thresholds. Every metric a rule reads is one the exporter serves.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../support/paths.js';
import { servedMetricNames } from './support/served-names.js';

const RULES_DIR = join(ROOT, 'deploy', 'prometheus');
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
// .ci/run installs Debian's prometheus package; a developer without it is told, CI never skips.
const describeWithPromtool = hasPromtool || process.env.CI ? describe : describe.skip;
if (!hasPromtool && !process.env.CI) console.warn('alert-rules: promtool not found (apt-get install prometheus): skipped');

const promtool = (args: string[], cwd: string) => spawnSync('promtool', args, { cwd, encoding: 'utf8' });

describeWithPromtool('alert rules', () => {
  it('promtool check rules: every rule is valid', () => {
    const run = promtool(['check', 'rules', 'n8n-lock.rules.yml'], RULES_DIR);
    expect(run.stdout + run.stderr).toContain('SUCCESS: 6 rules found');
    expect(run.status).toBe(0);
  });

  it('promtool test rules: each rule fires for its series and not for the others', () => {
    const run = promtool(['test', 'rules', 'n8n-lock.rules.test.yml'], RULES_DIR);
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('the tests bite: a threshold moved makes them fail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-rules-'));
    try {
      copyFileSync(join(RULES_DIR, 'n8n-lock.rules.test.yml'), join(dir, 'n8n-lock.rules.test.yml'));
      const rules = readFileSync(join(RULES_DIR, 'n8n-lock.rules.yml'), 'utf8');
      for (const [from, to] of [['n8n_lock_hold_ttl_used_ratio) > 0.8', 'n8n_lock_hold_ttl_used_ratio) > 0.9'], ['> 0.25', '> 0.75'], ['n8n_lock_function_oldest_call_age_seconds > 60', 'n8n_lock_function_oldest_call_age_seconds > 600'], ['n8n_lock_function_consumers == 0', 'n8n_lock_function_consumers == 1']]) {
        expect(rules).toContain(from);
        writeFileSync(join(dir, 'n8n-lock.rules.yml'), rules.replace(from, to));
        const run = promtool(['test', 'rules', 'n8n-lock.rules.test.yml'], dir);
        expect(run.status, `${from} -> ${to}`).not.toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('alert rules read what the exporter serves', () => {
  it('every metric a rule names is served', () => {
    const groups = (parse(readFileSync(join(RULES_DIR, 'n8n-lock.rules.yml'), 'utf8')) as { groups: Array<{ rules: Array<{ expr: string }> }> }).groups;
    const named = new Set(groups.flatMap((g) => g.rules.flatMap((r) => r.expr.match(/n8n_lock_[a-z_]+/g) ?? [])));
    expect([...named].filter((name) => !servedMetricNames().has(name))).toEqual([]);
    expect(named.size).toBeGreaterThanOrEqual(6);
  });
});

