// Metrics in regular mode (one n8n, SQLite): the nodes record, n8n-lock metrics serves, a real
// Prometheus scrapes; PromQL equals the scenarios' counts and every dashboard query has data.
import { defineMetricsSuite } from './lib/metrics-suite.js';

defineMetricsSuite('regular');
