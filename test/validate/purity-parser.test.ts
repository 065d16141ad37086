// The points-to analysis parses with oxc-parser where oxc gives acorn's ESTree (src/validate/purity/index.ts
// parseWithOxc), with acorn deciding everything else. These tests hold it to that: on every JavaScript
// body of the vendored corpus and of the purity tests, a tree from oxc is acorn's tree, node for node and
// field for field (types, operators, flags, names, values, start and end for messages); and on syntax where
// the two parsers disagree, oxc's tree is never used.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseWithOxc } from '../../src/validate/purity/index.js';
import { oxcParser } from '../../src/workflow/parsers.js';
import { codeSources } from '../../src/validate/node-kinds.js';
import { corpusFiles } from '../support/corpus.js';
import { BYPASSES, CLEAN, DEFEATED } from './support/bypasses.js';
import { LATER_BYPASSES, LATER_FALSE_POSITIVES } from './support/red-team-rounds.js';
import { BUFFER_POOL, ISSUE32, SELF_REVIEW } from './support/bypasses-issue32.js';
import { hasNode24, NODE24 } from './support/red-team-round.js';

const acorn = createRequire(join(__dirname, '..', '..', 'package.json'))('acorn');
const ACORN_OPTIONS = { ecmaVersion: 'latest', locations: false, ranges: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowHashBang: true, sourceType: 'script' };

/** acorn's tree as the analysis gets it (a script, or a module when only that parses), or undefined for a syntax error. */
function acornTree(source: string): any {
  for (const sourceType of ['script', 'module']) {
    try {
      return acorn.parse(source, { ...ACORN_OPTIONS, sourceType });
    } catch {}
  }
  return undefined;
}

/** oxc's tree without what acorn's has no field for: an empty decorator list, no hashbang. */
function withoutOxcExtras(node: any): any {
  if (Array.isArray(node)) return node.map(withoutOxcExtras);
  if (!node || typeof node !== 'object' || node instanceof RegExp) return node;
  const out: any = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'decorators' && Array.isArray(value) && value.length === 0) || (key === 'hashbang' && value === null)) continue;
    out[key] = withoutOxcExtras(value);
  }
  return out;
}

const corpusBodies = [...new Set(corpusFiles().flatMap((f) => (f.json && Array.isArray(f.json.nodes) ? codeSources(f.json) : [])).filter((c) => c.language === 'javascript').map((c) => c.source))];
const testBodies = [...new Set([...BYPASSES, ...CLEAN, ...DEFEATED, ...LATER_BYPASSES, ...LATER_FALSE_POSITIVES, ...ISSUE32, ...SELF_REVIEW].map((b: any) => b.code as string).concat(BUFFER_POOL))];

/** Syntax where a function body (oxc's commonjs) and acorn's script differ, or early errors only a semantic check finds. */
const DISAGREEING = ['const v = await (Promise.resolve(1));\nreturn v;', 'aw\\u0061it(x);', 'return new.target', 'function f() { return new.target; }\nreturn f();', 'using x = y;\nreturn 1;', '{ using x = y; }', 'await 1;\nreturn 1;', 'for await (const x of y);', 'let a; let a;', 'super.x', 'label: label: x', 'break;', '"use strict"; delete x;', 'try {} catch (e) { let e; }', 'class A { m() { this.#y; } }', '(a, a) => 1', '#!/bin/sh\nreturn 1', 'import x from "y";\nreturn x;', 'export default 1', 'return import.meta', 'let [a, a] = [];', '"use strict"; 0777'];

describe('oxc-parser gives the analysis acorn\'s tree', () => {
  it('loads here (a platform with its binary)', () => {
    expect(oxcParser()).toBeDefined();
  });

  // The share oxc parses: acorn parses only a top-level await, a module and what oxc rejects (the red-team bodies await often).
  it.each([
    ['the corpus', corpusBodies, 0.95],
    ['the purity tests', testBodies, 0.75],
  ] as const)('on every JavaScript body of %s, field for field', (_name, bodies, share) => {
    expect(bodies.length).toBeGreaterThan(50);
    let fromOxc = 0;
    for (const source of bodies) {
      const tree = parseWithOxc(source);
      if (!tree) continue;
      fromOxc++;
      expect(withoutOxcExtras(tree), source.slice(0, 200)).toEqual(acornTree(source));
    }
    expect(fromOxc / bodies.length).toBeGreaterThan(share);
  });

  it.each(DISAGREEING)('where the parsers disagree, acorn decides: %s', (source) => {
    const tree = parseWithOxc(source);
    if (tree) expect(withoutOxcExtras(tree)).toEqual(acornTree(source));
    expect(tree).toBeUndefined();
  });
});

describe("oxc's tree handed over as raw memory (Node 22 and later) is the tree it hands over as JSON", () => {
  // This Node may not support raw transfer (Node 20 does not): n8n's Node 24 parses every body both ways,
  // through the built parseWithOxc (raw transfer on) and oxc's JSON parse, and compares the trees.
  it.skipIf(!hasNode24)('on every JavaScript body of the corpus and of the purity tests, under n8n\'s Node 24', () => {
    const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-oxc-raw-'));
    try {
      const bodiesFile = join(dir, 'bodies.json');
      writeFileSync(bodiesFile, JSON.stringify([...corpusBodies, ...testBodies, ...DISAGREEING]));
      const index = pathToFileURL(join(__dirname, '..', '..', 'dist', 'validate', 'purity', 'index.js')).href;
      const script = `
        import { readFileSync } from 'node:fs';
        import { createRequire } from 'node:module';
        import { isDeepStrictEqual } from 'node:util';
        const { parseWithOxc } = await import(${JSON.stringify(index)});
        const oxc = createRequire(${JSON.stringify(index)})('oxc-parser');
        const options = { sourceType: 'commonjs', range: true, preserveParens: false, showSemanticErrors: true };
        const differ = [];
        let compared = 0;
        for (const source of JSON.parse(readFileSync(${JSON.stringify(bodiesFile)}, 'utf8'))) {
          const raw = parseWithOxc(source);
          const json = oxc.parseSync('body.js', source, options);
          if (!raw) continue;
          compared++;
          const tree = json.program;
          tree.sourceType = 'script';
          if (json.errors.length > 0 || !isDeepStrictEqual(raw, tree)) differ.push(source.slice(0, 200));
        }
        console.log(JSON.stringify({ raw: oxc.rawTransferSupported(), compared, differ }));`;
      const r = spawnSync(NODE24, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      expect(r.stderr).toBe('');
      const { raw, compared, differ } = JSON.parse(r.stdout);
      expect(raw).toBe(true);
      expect(compared).toBeGreaterThan(corpusBodies.length);
      expect(differ).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
