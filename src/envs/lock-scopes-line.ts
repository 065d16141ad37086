// What render writes on the error handler's scopes line, and its exact inverse (see render.ts).
import { LOCK_SCOPES_LINE_START, LOCK_SCOPES_PLACEHOLDER, lockScopesLine } from '../primitives/error-handler-lock-cleanup.js';

/**
 * What render writes on the error handler's scopes line for a list (resolvePlaceholders puts a
 * list in as its JSON text).
 */
export function renderLockScopesLine(scopes: readonly string[]): string {
  return lockScopesLine(JSON.stringify(scopes));
}

/**
 * The exact inverse of renderLockScopesLine: the line with the placeholder back in, or undefined
 * when the line is anything render could not have written (not a JSON array of strings, other
 * spacing, or anything after it). validate uses it to recognise a rendered shipped body: code put
 * on that line is no longer the shipped body.
 */
export function unrenderLockScopesLine(line: string): string | undefined {
  if (!line.startsWith(LOCK_SCOPES_LINE_START) || !line.endsWith(';')) return undefined;
  const literal = line.slice(LOCK_SCOPES_LINE_START.length, -1);
  let scopes: unknown;
  try {
    scopes = JSON.parse(literal);
  } catch {
    return undefined;
  }
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) return undefined;
  return renderLockScopesLine(scopes) === line ? lockScopesLine(LOCK_SCOPES_PLACEHOLDER) : undefined;
}
