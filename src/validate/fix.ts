// `validate --fix`: the fixes of the findings in a file, as one JSON Patch, applied to the file's
// TEXT (jsonc-parser edits), so every byte the fix does not touch (indentation, key order, escapes,
// the final newline) stays as the file had it. Pure: text in, text out; the CLI reads and writes.
import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import type { FileResult, Input } from './engine.js';
import { keyOfPointerToken, type PatchOperation } from './types.js';

/** The file's fixes, in finding order, each operation once. */
export function patchOf(result: FileResult): PatchOperation[] {
  const seen = new Set<string>();
  const patch: PatchOperation[] = [];
  for (const finding of result.findings) {
    for (const operation of finding.fix ?? []) {
      const key = JSON.stringify(operation);
      if (seen.has(key)) continue;
      seen.add(key);
      patch.push(operation);
    }
  }
  return patch;
}

/** A JSON Pointer (RFC 6901) as jsonc-parser's path: `~1` is `/`, `~0` is `~`, array indexes are numbers. */
function pathOf(pointer: string, document: unknown): Array<string | number> {
  if (pointer === '') return [];
  let at: unknown = document;
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const token = keyOfPointerToken(raw);
      const step = Array.isArray(at) && /^\d+$/.test(token) ? Number(token) : token;
      at = at === null || typeof at !== 'object' ? undefined : (at as Record<string | number, unknown>)[step];
      return step;
    });
}

/** The indentation the file already uses, so an inserted value looks like its neighbours. */
function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const tabs = indent.startsWith('\t');
  return { insertSpaces: !tabs, tabSize: tabs ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The text with the patch applied, operation by operation (each sees the result of the previous one). */
export function applyPatch(text: string, patch: PatchOperation[]): string {
  const formattingOptions = formattingOf(text);
  let out = text;
  for (const operation of patch) {
    const path = pathOf(operation.path, JSON.parse(out));
    const value = operation.op === 'remove' ? undefined : operation.value;
    out = applyEdits(out, modify(out, path, value, { formattingOptions, isArrayInsertion: operation.op === 'add' && typeof path.at(-1) === 'number' }));
  }
  return out;
}

/** A file with something to fix: its place in the inputs, the patch and the fixed text. */
export interface FileFix {
  index: number;
  file: string;
  patch: PatchOperation[];
  fixed: string;
}

/** The files with something to fix, by position in `inputs`. */
export function fixesFor(inputs: Input[], results: FileResult[]): FileFix[] {
  const byFile = new Map(results.map((result) => [result.file, result]));
  return inputs.flatMap(({ file, text }, index) => {
    const result = byFile.get(file);
    const patch = result ? patchOf(result) : [];
    return patch.length ? [{ index, file, patch, fixed: applyPatch(text, patch) }] : [];
  });
}
