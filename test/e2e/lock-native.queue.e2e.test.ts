// The lock scenarios with the native engine in queue mode: main + 2 workers on PostgreSQL, the
// Lock node running on the workers; plus a scope locked by both engines at once.
import { defineLockSuite } from './lib/lock-suite.js';

defineLockSuite('queue', 'node');
