// The families of one scrape in Prometheus text or OpenMetrics, written by prom-client's Registry.
// The values were counted in Redis by the nodes (or read from the live state), not in this
// process, so each family is a metric object whose get() answers them: prom-client's own
// Counter and Histogram can only count what happens in their process.
import { Registry, type RegistryContentType } from 'prom-client';
import type { Family } from './snapshot.js';

export const PROMETHEUS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
export const OPENMETRICS_CONTENT_TYPE = Registry.OPENMETRICS_CONTENT_TYPE;

/** OpenMetrics when the scraper's Accept header asks for it (Prometheus does, with a q-value), else the text format. */
export function contentTypeFor(accept: string | undefined): string {
  return /application\/openmetrics-text/i.test(accept ?? '') ? OPENMETRICS_CONTENT_TYPE : PROMETHEUS_CONTENT_TYPE;
}

export async function exposition(families: Family[], contentType: string): Promise<string> {
  const registry = new Registry<RegistryContentType>();
  registry.setContentType(contentType as RegistryContentType);
  for (const family of families) {
    const metric = { name: family.name, help: family.help, type: family.type, aggregator: 'sum' as const, get: async () => ({ ...family, name: metric.name, aggregator: 'sum' as const }) };
    // OpenMetrics names a counter family without `_total` (prom-client renames it, and adds the suffix to each sample).
    registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
  }
  return registry.metrics();
}
