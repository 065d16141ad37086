// The dashboard in regular mode (one n8n, SQLite): headless Chromium watches n8n-lock dashboard while the
// package's nodes run; a lock comes and goes on the page, a stuck one is freed from it.
import { defineDashboardSuite } from './lib/dashboard-suite.js';

defineDashboardSuite('regular');
