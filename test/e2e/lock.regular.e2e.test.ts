// The lock scenarios on one n8n process with SQLite (N8N_LOCK_E2E_MODE=regular runs only these).
import { defineLockSuite } from './lib/lock-suite.js';

defineLockSuite('regular');
