// The dashboard in queue mode (main + 2 workers, PostgreSQL): headless Chromium watches n8n-lock dashboard while the
// package's nodes run; a lock comes and goes on the page, a stuck one is freed from it.
import { defineDashboardSuite } from './lib/dashboard-suite.js';

defineDashboardSuite('queue');
