import { InputError } from '../errors.js';

/**
 * Compiles a Redis-style glob (`*`, `?`, `[abc]`, `[^a-z]`, `\x`: the syntax of SCAN MATCH, which
 * operators already know) into a whole-string matcher. Applied to the SCOPE, not the key, so
 * `--scope 'billing-*'` selects the counter, its sidecar and the rate-limit buckets alike.
 */
export function compileScopeGlob(glob: string): (scope: string) => boolean {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*') source += '[\\s\\S]*';
    else if (char === '?') source += '[\\s\\S]';
    else if (char === '\\' && i + 1 < glob.length) source += escapeRegExp(glob[++i]);
    else if (char === '[') {
      const close = findClassEnd(glob, i);
      if (close === -1) {
        source += '\\[';
        continue;
      }
      let body = glob.slice(i + 1, close);
      const negated = body.startsWith('^');
      if (negated) body = body.slice(1);
      // Inside a class `-` keeps its range meaning; every other character is literal.
      let classBody = '';
      for (let j = 0; j < body.length; j++) {
        if (body[j] === '\\' && j + 1 < body.length) classBody += body[++j] === '-' ? '\\-' : escapeRegExp(body[j]);
        else classBody += body[j] === '-' ? '-' : escapeRegExp(body[j]);
      }
      source += `[${negated ? '^' : ''}${classBody}]`;
      i = close;
    } else source += escapeRegExp(char);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^${source}$`);
  } catch {
    throw new InputError(`invalid --scope glob "${glob}" (use *, ?, [abc], [a-z], [^x] and \\ to escape)`);
  }
  return (scope) => pattern.test(scope);
}

// Like Redis: a class ends at the first unescaped `]`.
function findClassEnd(glob: string, open: number): number {
  for (let i = open + 1; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === ']') return i;
  }
  return -1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
