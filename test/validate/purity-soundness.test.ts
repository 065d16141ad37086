// A fact code-purity's argument rests on (docs/rules/code-purity.md), checked against the engine
// itself rather than assumed: the global object's key set (sandbox-globals.ts) covers a fresh vm
// context and the host's own globals, so a key "absent" from it really reads undefined.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KNOWN_GLOBAL_KEYS, absentFromGlobal } from '../../src/validate/sandbox-globals.js';

const sandbox = vm.runInNewContext('globalThis') as typeof globalThis;

describe('code-purity soundness facts', () => {
  it("the global object's key set covers a fresh vm context, Object.prototype and the host's globals", () => {
    const missing = [...new Set([...Object.getOwnPropertyNames(sandbox), ...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(globalThis).filter((n) => !n.startsWith('__vitest'))])].filter((n) => !KNOWN_GLOBAL_KEYS.has(n));
    expect(missing).toEqual([]);
    expect(absentFromGlobal('total')).toBe(true);
    for (const key of ['require', 'helpers', '$env', '$secrets', '$evaluateExpression', 'constructor', 'valueOf', '$someFutureAccessor', 'process']) expect(absentFromGlobal(key), key).toBe(false);
  });
});
