// The lock scenarios with the native engine (add-lock-to-workflow --engine node: the Lock node of
// the n8n-nodes-lock package, installed as a community package) on one n8n process with SQLite,
// plus a scope locked by both engines at once.
import { defineLockSuite } from './lib/lock-suite.js';

defineLockSuite('regular', 'node');
