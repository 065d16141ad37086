// Callable functions in regular mode (one n8n, SQLite): issue scenarios 1-7, and the Redis client
// count around 1,000 calls.
import { defineFunctionsSuite } from './lib/functions-suite.js';

defineFunctionsSuite('regular', { scenarios: [1, 2, 3, 4, 5, 6, 7, 9] });
