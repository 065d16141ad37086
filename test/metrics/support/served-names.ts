// The sample names `n8n-lock metrics` can serve (a histogram's _bucket, _sum, _count; a counter's
// _total), from the exporter's own family list: rules and dashboard queries are checked against it.
import { snapshotFamilies } from '../../../src/metrics/snapshot.js';

export function servedMetricNames(): Set<string> {
  const families = snapshotFamilies({ up: true, series: [], recordingErrors: 0, waiters: 0, functions: [], nowMs: 0, readMs: 0, locks: { locks: [], rate_limits: [] } as never });
  return new Set(families.flatMap((f) => (f.type === 'histogram' ? [`${f.name}_bucket`, `${f.name}_sum`, `${f.name}_count`] : [f.name])));
}
