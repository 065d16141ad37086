// The lock scenarios in queue mode: n8n main + 2 workers on PostgreSQL, executions from a Bull
// queue in Redis (N8N_LOCK_E2E_MODE=queue runs only these).
import { defineLockSuite } from './lib/lock-suite.js';

defineLockSuite('queue');
