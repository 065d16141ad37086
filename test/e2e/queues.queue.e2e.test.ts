// Durable queues in queue mode (main + 2 workers, PostgreSQL): the Queue Triggers run on main, the
// executions on the workers; the crash scenario SIGKILLs the worker running a job.
import { defineQueueSuite } from './lib/queue-suite.js';

defineQueueSuite('queue');
