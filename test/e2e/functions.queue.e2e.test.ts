// Callable functions in queue mode (main + 2 workers, PostgreSQL): the Function triggers run on
// main, every execution on a worker. Scenarios 2 (100 concurrent callers) and 7 (the process that
// holds the consumers, main, SIGKILLed with calls pending), plus 1 as a smoke test.
import { defineFunctionsSuite } from './lib/functions-suite.js';

defineFunctionsSuite('queue', { scenarios: [1, 2, 7] });
