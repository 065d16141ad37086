// The shipped Grafana dashboard (deploy/grafana/n8n-lock.json), without Grafana: it imports with
// a Prometheus data source chosen at import (DS_PROMETHEUS), every panel has a query, and every
// metric a query names is one the exporter serves. The e2e suite runs each query against a real
// Prometheus and requires data (test/e2e/metrics.*.e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/paths.js';
import { servedMetricNames } from './support/served-names.js';
import { dashboardQueries } from './support/dashboard.js';

const dashboard = JSON.parse(readFileSync(join(ROOT, 'deploy', 'grafana', 'n8n-lock.json'), 'utf8'));

describe('the Grafana dashboard', () => {
  it('is importable: a data source input, a uid, panels with unique ids', () => {
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' })]);
    expect(dashboard.uid).toBe('n8n-lock');
    const ids = dashboard.panels.map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every panel queries Prometheus, through the chosen data source, with a non-empty expression', () => {
    for (const panel of dashboard.panels) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) expect(target.expr.trim(), panel.title).not.toBe('');
    }
  });

  it('shows waits, holds, denials, backlog and live locks per workflow', () => {
    const all = dashboardQueries(dashboard).map((q) => q.expr).join('\n');
    for (const name of ['n8n_lock_wait_seconds_bucket', 'n8n_lock_hold_seconds_bucket', 'n8n_lock_rate_limit_decisions_total{workflow_id=~".*",outcome="denied"}', 'n8n_lock_function_backlog', 'sum by (workflow_id) (n8n_lock_locks_held']) expect(all).toContain(name);
  });

  it('every metric a query names is served by n8n-lock metrics', () => {
    const named = new Set(dashboardQueries(dashboard).flatMap((q) => q.expr.match(/n8n_lock_[a-z_]+/g) ?? []));
    expect([...named].filter((name) => !servedMetricNames().has(name))).toEqual([]);
  });
});
