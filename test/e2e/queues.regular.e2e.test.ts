// Durable queues in regular mode (one n8n, SQLite): 1,000 jobs through the Queue Trigger at
// concurrency 3, a job dead-lettered after 3 attempts with backoff, and n8n SIGKILLed mid-job.
import { defineQueueSuite } from './lib/queue-suite.js';

defineQueueSuite('regular');
