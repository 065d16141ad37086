// The JavaScript parser and scope analyser, loaded on first use rather than with the modules that
// use them: a run that parses no JavaScript (a warm `validate --cache`, whose results come from the
// cache) does not pay for loading acorn, acorn-walk and eslint-scope (about 45 ms of its start).
// Their CommonJS builds, so the loading can be synchronous; one copy for every user.
import { createRequire } from 'node:module';
import type * as Acorn from 'acorn';
import type * as AcornWalk from 'acorn-walk';
import type * as EslintScope from 'eslint-scope';
import type * as Oxc from 'oxc-parser';

const require = createRequire(import.meta.url);
let acornModule: typeof Acorn | undefined;
let walkModule: typeof AcornWalk | undefined;
let scopeModule: typeof EslintScope | undefined;
let oxcModule: typeof Oxc | null | undefined;

export const acorn = (): typeof Acorn => (acornModule ??= require('acorn') as typeof Acorn);
export const acornWalk = (): typeof AcornWalk => (walkModule ??= require('acorn-walk') as typeof AcornWalk);
export const eslintScope = (): typeof EslintScope => (scopeModule ??= require('eslint-scope') as typeof EslintScope);
/**
 * oxc-parser (a native parser; its npm package ships the binary), or undefined where it does not load:
 * a platform without a binary, a Node without require() of an ES module. Its users then parse with acorn.
 */
export const oxcParser = (): typeof Oxc | undefined => {
  if (oxcModule === undefined) {
    try {
      oxcModule = require('oxc-parser') as typeof Oxc;
    } catch {
      oxcModule = null;
    }
  }
  return oxcModule ?? undefined;
};
