// The facts code-purity's argument rests on (docs/rules/code-purity.md), checked against the
// engine itself rather than assumed:
// - no method name that may be called on an `unknown` value (SAFE_METHODS) is, on any built-in of
//   either realm (the sandbox's context and the host's, whose objects n8n hands to the code), a
//   function that compiles code, reflects, or calls a function it is given as its receiver;
// - the global object's key set (sandbox-globals.ts) covers a fresh vm context and the host's own
//   globals, so a key "absent" from it really reads undefined.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SAFE_METHODS } from '../../src/validate/js-value-flow.js';
import { KNOWN_GLOBAL_KEYS, absentFromGlobal } from '../../src/validate/sandbox-globals.js';

const sandbox = vm.runInNewContext('globalThis') as typeof globalThis;
/** What n8n puts on the Code node's global object from the host realm (buildContext, getNativeVariables). */
const HOST_VALUES_ON_THE_GLOBAL = { Buffer, setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate, btoa, atob, TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream, FormData, URL, URLSearchParams };

/** Every object and function reachable from the built-ins of both realms through properties (values, getters, setters) and prototypes. */
function reachableBuiltins(): Set<object> {
  const roots: unknown[] = [];
  for (const realm of [sandbox, globalThis]) {
    for (const name of Object.getOwnPropertyNames(realm)) {
      // The host's own globals beyond ECMAScript (process, modules under `node -e`) are never values of the sandbox.
      if (realm === globalThis && !(name in sandbox)) continue;
      // Reflect is reachable only by its name, which the analysis tracks as reflection: it is never
      // an unknown value (this walk would show it if a built-in led to it).
      if (name === 'Reflect' || name === 'globalThis') continue;
      roots.push(Object.getOwnPropertyDescriptor(realm, name)?.value);
    }
  }
  roots.push(...Object.values(HOST_VALUES_ON_THE_GLOBAL));
  const seen = new Set<object>();
  const queue = roots.filter((v): v is object => (typeof v === 'object' || typeof v === 'function') && v !== null);
  while (queue.length) {
    const value = queue.pop()!;
    if (seen.has(value) || value === sandbox || value === globalThis) continue;
    seen.add(value);
    const next: unknown[] = [Object.getPrototypeOf(value)];
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d) next.push(d.value, d.get, d.set);
    }
    for (const n of next) if ((typeof n === 'object' || typeof n === 'function') && n !== null && !seen.has(n)) queue.push(n);
  }
  return seen;
}

/** Functions that compile code, reflect, or call a function argument or receiver they are given. */
function dangerousFunctions(): Map<unknown, string> {
  const dangerous = new Map<unknown, string>();
  for (const [realmName, realm] of [['sandbox', sandbox], ['host', globalThis]] as const) {
    const R = realm as any;
    const fnCtor = R.Function;
    const ctors = [fnCtor, R.eval('(async function () {})').constructor, R.eval('(function* () {})').constructor, R.eval('(async function* () {})').constructor];
    for (const c of ctors) dangerous.set(c, `${realmName} ${c.name}`);
    dangerous.set(R.eval, `${realmName} eval`);
    for (const key of Reflect.ownKeys(R.Reflect)) dangerous.set(R.Reflect[key], `${realmName} Reflect.${String(key)}`);
    for (const key of ['getOwnPropertyDescriptor', 'getOwnPropertyDescriptors', 'getPrototypeOf', 'setPrototypeOf', 'defineProperty', 'defineProperties', 'assign', 'create']) {
      dangerous.set(R.Object[key], `${realmName} Object.${key}`);
    }
    for (const key of ['call', 'apply', 'bind']) dangerous.set(fnCtor.prototype[key], `${realmName} Function.prototype.${key}`);
    for (const key of ['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']) dangerous.set(R.Object.prototype[key], `${realmName} Object.prototype.${key}`);
    if (R.Error.captureStackTrace) dangerous.set(R.Error.captureStackTrace, `${realmName} Error.captureStackTrace`);
  }
  return dangerous;
}

describe('code-purity soundness facts', () => {
  it('no safe method name is, on any reachable built-in, a function that compiles, reflects or redefines', () => {
    const dangerous = dangerousFunctions();
    const hits: string[] = [];
    let checked = 0;
    for (const value of reachableBuiltins()) {
      for (const name of SAFE_METHODS) {
        let f: unknown;
        try {
          f = (value as any)[name];
        } catch {
          continue; // a getter that throws on this receiver
        }
        if (typeof f !== 'function') continue;
        checked++;
        if (dangerous.has(f)) hits.push(`.${name} is ${dangerous.get(f)}`);
      }
    }
    expect(checked).toBeGreaterThan(1000); // the walk really reached the built-ins
    expect([...new Set(hits)]).toEqual([]);
  });

  it("the global object's key set covers a fresh vm context, Object.prototype and the host's globals", () => {
    const missing = [...new Set([...Object.getOwnPropertyNames(sandbox), ...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(globalThis).filter((n) => !n.startsWith('__vitest'))])].filter((n) => !KNOWN_GLOBAL_KEYS.has(n));
    expect(missing).toEqual([]);
    expect(absentFromGlobal('total')).toBe(true);
    for (const key of ['require', 'helpers', '$env', '$secrets', '$evaluateExpression', 'constructor', 'valueOf', '$someFutureAccessor', 'process']) expect(absentFromGlobal(key), key).toBe(false);
  });
});
