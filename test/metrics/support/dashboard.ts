// The queries of the Grafana dashboard as Prometheus would run them: Grafana's variables replaced
// the way Grafana does for "All" ($workflow_id -> .*) and a rate interval.
export interface DashboardQuery {
  panel: string;
  refId: string;
  expr: string;
}

export function dashboardQueries(dashboard: { panels: Array<{ title: string; targets: Array<{ refId: string; expr: string }> }> }, rateInterval = '1m'): DashboardQuery[] {
  return dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ panel: panel.title, refId: target.refId, expr: target.expr.replaceAll('$workflow_id', '.*').replaceAll('$__rate_interval', rateInterval) })),
  );
}
