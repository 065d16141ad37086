/**
 * An error the user can fix: bad flag, unreadable or malformed file, unknown workflow.
 * The CLI prints its message as one line and exits 2 (cli.md); nothing on disk has changed by then.
 */
export class InputError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** Formats a zod-style issue path as a JSON Pointer-ish location: nodes[3].parameters.key */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(root)';
}
