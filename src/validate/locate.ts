import { parseTree, findNodeAtLocation, type Node as JsonNode } from 'jsonc-parser';

/**
 * Maps JSON Pointers (and character indexes inside string values) to line/column in the file
 * text, so a finding points at the exact line, also inside a Code node's source.
 */
export class JsonLocator {
  private readonly root: JsonNode | undefined;
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    this.root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of a file offset. */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  /** Location of the value at `pointer`; with `stringIndex`, of that character inside the string. */
  locate(pointer: string, stringIndex?: number): { line: number; column: number } {
    if (!this.root) return { line: 1, column: 1 };
    const path = pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    // Walk up to the nearest existing ancestor (a finding may name a key that is missing).
    let node: JsonNode | undefined;
    for (let n = path.length; n >= 0 && !node; n--) node = n === 0 ? this.root : findNodeAtLocation(this.root, path.slice(0, n));
    if (!node) return { line: 1, column: 1 };
    if (stringIndex === undefined || node.type !== 'string') return this.position(node.offset);
    return this.position(this.rawOffsetOf(node.offset, stringIndex));
  }

  /** File offset of decoded character `index` of the JSON string literal starting at `quote`. */
  private rawOffsetOf(quote: number, index: number): number {
    let raw = quote + 1;
    for (let decoded = 0; decoded < index && raw < this.text.length; decoded++) {
      if (this.text[raw] === '\\') raw += this.text[raw + 1] === 'u' ? 6 : 2;
      else raw += 1;
    }
    return raw;
  }
}
