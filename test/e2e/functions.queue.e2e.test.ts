// Callable functions in queue mode (main + 2 workers, PostgreSQL): the Function triggers run on
// main, every execution on a worker. Scenarios 2 (100 concurrent callers) and 7 (the process that
// holds the consumers, main, SIGKILLed with calls pending), plus 1 as a smoke test. Workers run 60
// executions each: 100 waiting callers plus the functions they wait for need more than 100 slots
// (see workerConcurrency in lib/functions-suite.ts).
import { defineFunctionsSuite } from './lib/functions-suite.js';

defineFunctionsSuite('queue', { scenarios: [1, 2, 7], workerConcurrency: 60 });
