// Metrics in queue mode (main + 2 workers, PostgreSQL): the Lock, Rate Limit and Call Function
// nodes record on the workers, the Function trigger on main; one exporter serves them all.
import { defineMetricsSuite } from './lib/metrics-suite.js';

defineMetricsSuite('queue');
