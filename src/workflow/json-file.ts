import { InputError } from '../errors.js';

/** How a JSON file was written, so that a rewrite keeps the user's style (cli.md). */
export interface JsonStyle {
  indent: string | number;
  trailingNewline: boolean;
  eol: '\n' | '\r\n';
}

export const DEFAULT_JSON_STYLE: JsonStyle = { indent: 2, trailingNewline: true, eol: '\n' };

/** Detects indentation (first indented line), line ending and trailing newline of a JSON text. */
export function detectJsonStyle(text: string): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const match = /\n([ \t]+)\S/.exec(text);
  let indent: string | number = 2;
  if (match) indent = /^ +$/.test(match[1]) ? match[1].length : match[1];
  else if (!text.trim().includes('\n')) indent = 0; // written on one line: keep it compact
  return { indent, trailingNewline: /\r?\n$/.test(text), eol };
}

/** Parses JSON text; a syntax error becomes one InputError line naming the file, line and column. */
export function parseJsonText(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    let where = '';
    if (pos || /end of JSON input/.test(message)) {
      const offset = pos ? Number(pos[1]) : body.length;
      const before = body.slice(0, offset);
      const line = before.split('\n').length;
      const column = offset - before.lastIndexOf('\n');
      where = `:${line}:${column}`;
    }
    const reason = message.replace(/^.*?JSON[^:]*:\s*/, '').replace(/ in JSON at position \d+.*$/, '');
    throw new InputError(`${file}${where}: malformed JSON: ${reason}`);
  }
}

/** Serializes JSON with a given style; unicode is written as is (never \u-escaped beyond JSON's rules). */
export function stringifyJson(value: unknown, style: JsonStyle = DEFAULT_JSON_STYLE): string {
  let text = JSON.stringify(value, null, style.indent);
  if (style.eol === '\r\n') text = text.replace(/\n/g, '\r\n');
  return style.trailingNewline ? text + style.eol : text;
}
