// What the doc tests read in a markdown file: its fenced blocks (with the marks that say whether
// and how a block runs), its headings' anchors as GitHub and npm make them, and its relative links.
// Pure: text in, data out.
import { markdownAnchor } from '../../../src/markdown-text.js';

/** A fenced code block, its indentation removed, with the line of its opening fence (1-based). */
export interface FencedBlock {
  line: number;
  lang: string;
  /** The info string after the language: `runnable redis`, `skip: needs a live n8n`, `file=envs/dev.yml`. */
  info: string;
  body: string;
}

/** How a block is to be treated, read from its info string. */
export interface BlockMarks {
  runnable: boolean;
  /** `skip: <reason>`: the block is not run, for this reason. */
  skip?: string;
  /** `file=<path>`: the block's text is that file of the scratch repository. */
  file?: string;
  /** `redis`: the block needs a throwaway redis-server. */
  redis: boolean;
  /** `exit=<n>`: the exit code the block must end with (default 0). */
  exit: number;
}


export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A fence inside a list item is indented like the item's text; take up to that indentation off.
    const match = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(lines[i]);
    if (!match) continue;
    const [, indent, fence, lang, info] = match;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      if (close.test(lines[j])) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({ line: i + 1, lang: lang.toLowerCase(), info: info.trim(), body: body.join('\n') + (body.length ? '\n' : '') });
    i = j;
  }
  return blocks;
}

export function blockMarks(info: string): BlockMarks {
  const skip = /(?:^|\s)skip:\s*(.*)$/.exec(info);
  const words = (skip ? info.slice(0, skip.index) : info).split(/\s+/).filter(Boolean);
  const value = (key: string) => words.find((w) => w.startsWith(`${key}=`))?.slice(key.length + 1);
  return {
    runnable: words.includes('runnable'),
    skip: skip ? skip[1].trim() : undefined,
    file: value('file'),
    redis: words.includes('redis'),
    exit: Number(value('exit') ?? 0),
  };
}

/** The languages whose blocks are commands: each must be marked `runnable` or `skip: <reason>`. */
export const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console']);

/** The text outside fenced blocks, each fenced line blanked (line numbers stay). */
export function proseOnly(text: string): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const match = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fence) {
        if (match && match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1]) fence = undefined;
        return '';
      }
      if (match) {
        fence = match[1];
        return '';
      }
      return line;
    })
    .join('\n');
}

/**
 * The anchors of a file's headings as GitHub (and npm) make them: the heading's text without markup,
 * lower case, every character but letters, digits, spaces, `-` and `_` dropped, spaces to `-`; a
 * repeated anchor gets `-1`, `-2`. Headings inside fenced blocks are not headings.
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseOnly(text).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const plain = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '');
    const slug = markdownAnchor(plain);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** A link in the prose: `[text](target)`, with its line. Inline code spans are not links. */
export interface Link {
  line: number;
  target: string;
}

export function links(text: string): Link[] {
  const found: Link[] = [];
  proseOnly(text)
    .split('\n')
    .forEach((line, index) => {
      const withoutCode = line.replace(/(`+)[\s\S]*?\1/g, '');
      for (const [, target] of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line: index + 1, target });
    });
  return found;
}

/** Whether a link leaves the repository (a URL with a scheme). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** A console block's commands (`$ ...` lines) with the output the doc shows for each. */
export interface ConsoleStep {
  command: string;
  expected: string[];
}

export function consoleSteps(body: string): ConsoleStep[] {
  const steps: ConsoleStep[] = [];
  for (const line of body.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [] });
    else if (steps.length > 0) steps[steps.length - 1].expected.push(line);
    else throw new Error('a console block starts with its first command ("$ ...")');
  }
  return steps;
}

/**
 * Whether what a command printed matches what the doc shows. Lines are compared with trailing space
 * dropped and trailing blank lines ignored; `...` in a shown line matches any text, and a line that
 * is only `...` matches any number of lines.
 */
export function outputMatches(expected: string[], actual: string[]): boolean {
  const trim = (lines: string[]) => {
    const out = lines.map((l) => l.replace(/\s+$/, ''));
    while (out.length && out[out.length - 1] === '') out.pop();
    while (out.length && out[0] === '') out.shift();
    return out;
  };
  const want = trim(expected);
  const have = trim(actual);
  const lineMatches = (pattern: string, line: string) =>
    new RegExp(`^${pattern.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(line);
  const match = (i: number, j: number): boolean => {
    if (i === want.length) return j === have.length;
    if (want[i].trim() === '...') {
      for (let k = j; k <= have.length; k++) if (match(i + 1, k)) return true;
      return false;
    }
    return j < have.length && lineMatches(want[i], have[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}
