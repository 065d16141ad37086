// A dotted path into an env file's data (`credentials.redis.id`), in its own module: validate's
// rules need it without loading the YAML and schema modules.

/**
 * The value at `path`, or undefined. Own keys only: a placeholder such as `{{@:env:constructor}}`
 * must not resolve to an inherited property of Object.prototype.
 */
export function getEnvPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
