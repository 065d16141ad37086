import { keyOfPointerToken } from './types.js';

/**
 * Maps JSON Pointers (and character ranges inside string values) to line/column in the file text,
 * so a finding points at the exact line, also inside a Code node's source.
 *
 * It does not build a tree: it walks the text along the pointer, skipping every value it does not
 * descend into, and remembers where each visited prefix starts. Most files with findings need a
 * handful of pointers, and a full JSON tree of a large workflow costs more than the rules do.
 * The text is valid JSON (the engine parsed it before anything is located).
 */
export class JsonLocator {
  private lineStarts?: number[];
  /** Pointer prefix ("" for the root) -> offset where its value starts (-1: not there). */
  private readonly starts = new Map<string, number>();

  constructor(private readonly text: string) {}

  /** 1-based line and column of a file offset. */
  position(offset: number): { line: number; column: number } {
    const starts = (this.lineStarts ??= lineStartsOf(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  }

  /** Location of the value at `pointer`; with `stringIndex`, of that character inside the string. */
  locate(pointer: string, stringIndex?: number): { line: number; column: number } {
    const { line, column } = this.range(pointer, stringIndex);
    return { line, column };
  }

  /**
   * Start and end (exclusive) of the value at `pointer` (or of its nearest existing ancestor: a
   * finding may name a key that is missing), or of characters `stringIndex` to `stringEnd` inside
   * it when it is a string (a Code-node finding: the exact expression).
   */
  range(pointer: string, stringIndex?: number, stringEnd?: number): { line: number; column: number; endLine: number; endColumn: number } {
    let start = this.valueStart(pointer);
    if (start < 0) start = skipWhitespace(this.text, 0);
    let end = skipValue(this.text, start);
    if (stringIndex !== undefined && this.text.charCodeAt(start) === QUOTE) {
      const from = rawOffsetOf(this.text, start, stringIndex);
      end = stringEnd !== undefined && stringEnd > stringIndex ? rawOffsetOf(this.text, start, stringEnd) : from + 1;
      start = from;
    }
    const a = this.position(start);
    const b = this.position(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** Offset where the value at `pointer` starts, or of its nearest existing ancestor. */
  private valueStart(pointer: string): number {
    const known = this.starts.get(pointer);
    if (known !== undefined) return known >= 0 ? known : this.valueStart(parentOf(pointer));
    let start: number;
    if (pointer === '') start = skipWhitespace(this.text, 0);
    else {
      const parent = parentOf(pointer);
      const parentStart = this.valueStart(parent);
      const token = keyOfPointerToken(pointer.slice(parent.length + 1));
      start = this.starts.get(parent) === parentStart ? childStart(this.text, parentStart, token) : -1;
    }
    this.starts.set(pointer, start);
    return start >= 0 ? start : this.valueStart(parentOf(pointer));
  }
}

const QUOTE = 34; // "
const BACKSLASH = 92;

const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** End (exclusive) of the string literal whose opening quote is at `i`. */
function skipString(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
  return text.length;
}

/** End (exclusive) of the JSON value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c === 123 || c === 91) {
    // { or [: count depth, stepping over strings.
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === QUOTE) j = skipString(text, j) - 1;
      else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  for (;;) {
    const d = text.charCodeAt(j);
    if (Number.isNaN(d) || d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) return j;
    j++;
  }
}

/** Start of the member `token` of the object or array starting at `start`, or -1. */
function childStart(text: string, start: number, token: string): number {
  const open = text.charCodeAt(start);
  let i = skipWhitespace(text, start + 1);
  if (open === 91) {
    if (!/^(0|[1-9]\d*)$/.test(token)) return -1;
    const wanted = Number(token);
    for (let index = 0; text.charCodeAt(i) !== 93 && i < text.length; index++) {
      if (index === wanted) return i;
      i = skipWhitespace(text, skipValue(text, i));
      if (text.charCodeAt(i) === 44) i = skipWhitespace(text, i + 1);
    }
    return -1;
  }
  if (open !== 123) return -1;
  while (text.charCodeAt(i) === QUOTE) {
    const keyEnd = skipString(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    i = skipWhitespace(text, keyEnd);
    i = skipWhitespace(text, i + 1); // the colon
    if (key === token) return i;
    i = skipWhitespace(text, skipValue(text, i));
    if (text.charCodeAt(i) === 44) i = skipWhitespace(text, i + 1);
  }
  return -1;
}

/** File offset of decoded character `index` of the JSON string literal starting at `quote`. */
function rawOffsetOf(text: string, quote: number, index: number): number {
  let raw = quote + 1;
  for (let decoded = 0; decoded < index && raw < text.length; decoded++) {
    if (text.charCodeAt(raw) === BACKSLASH) raw += text[raw + 1] === 'u' ? 6 : 2;
    else raw += 1;
  }
  return raw;
}
