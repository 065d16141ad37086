/**
 * Environment placeholders inside JSON strings. Emitted form: `{{@:env:<dot.path>}}`. Also read
 * (never emitted): `{{@env:...}}`, `{{INTERPOLATE:env:...}}`, `{{INTERPOLATE_env:...}}`,
 * `{{HYDRATE:env:...}}`, the generations found in existing repos (cli.md "Placeholders").
 * n8n's own expressions (`{{ $json.x }}`) never match: a placeholder has no space after `{{`.
 */
export const PLACEHOLDER_PATTERN = /\{\{(@:env:|@env:|INTERPOLATE:env:|INTERPOLATE_env:|HYDRATE:env:)([A-Za-z0-9_.\-]+)\}\}/g;

export interface PlaceholderMatch {
  /** The whole placeholder text, e.g. `{{@:env:credentials.redis.id}}`. */
  text: string;
  /** The dot path, e.g. `credentials.redis.id`. */
  path: string;
  index: number;
}

export function findPlaceholders(value: string): PlaceholderMatch[] {
  return [...value.matchAll(PLACEHOLDER_PATTERN)].map((m) => ({ text: m[0], path: m[2], index: m.index ?? 0 }));
}

/** The emitted form of a placeholder for `path`. */
export function placeholder(path: string): string {
  return `{{@:env:${path}}}`;
}

/** True when `value` is exactly one placeholder (any generation) for `path`. */
export function isPlaceholderFor(value: unknown, path: string): boolean {
  if (typeof value !== 'string') return false;
  const found = findPlaceholders(value);
  return found.length === 1 && found[0].text === value.trim() && found[0].path === path;
}

/**
 * The id of an Execute Workflow node's target: `workflowId` is a plain string in v1 and a resource
 * locator `{ __rl, value, mode }` from v1.1 on.
 */
export function executeWorkflowTarget(parameters: Record<string, unknown>): unknown {
  const id = parameters.workflowId;
  if (id && typeof id === 'object' && 'value' in (id as object)) return (id as { value: unknown }).value;
  return id;
}

/** The env path of a workflow id placeholder, `workflows.<key>.id` -> key; undefined otherwise. */
export function targetWorkflowKey(parameters: Record<string, unknown>): string | undefined {
  const target = executeWorkflowTarget(parameters);
  if (typeof target !== 'string') return undefined;
  const found = findPlaceholders(target);
  if (found.length !== 1 || found[0].text !== target.trim()) return undefined;
  const m = /^workflows\.(.+)\.id$/.exec(found[0].path);
  return m ? m[1] : undefined;
}

export interface ResolveProblem {
  placeholder: string;
  path: string;
  reason: string;
}

/** Ids that look filled in but are not: "", "placeholder", "your-...", "TODO", "xxx", "changeme". */
export function isSentinelId(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || v === 'placeholder' || v.startsWith('your-') || v.startsWith('your_') || v === 'todo' || v === 'tbd' || v === 'changeme' || /^x+$/.test(v) || v.startsWith('<');
}

/**
 * Replaces every placeholder in `text` using `lookup(path)`. A scalar becomes its string; a list
 * or map becomes a JSON literal (used inside Code-node source). `text` is the raw content of a
 * JSON file, so substituted strings are JSON-escaped for the string they sit in; a JSON literal
 * for a list is escaped the same way (it sits inside a jsCode string).
 */
export function resolvePlaceholders(
  text: string,
  lookup: (path: string) => unknown,
  options: { missingAsEmptyList?: (path: string) => boolean } = {},
): { text: string; problems: ResolveProblem[]; resolved: number } {
  const problems: ResolveProblem[] = [];
  let resolved = 0;
  const out = text.replace(PLACEHOLDER_PATTERN, (whole, _gen: string, path: string) => {
    let value = lookup(path);
    if (value === undefined || value === null) {
      if (options.missingAsEmptyList?.(path)) value = [];
      else {
        problems.push({ placeholder: whole, path, reason: 'is not set in the env file' });
        return whole;
      }
    }
    if ((/^workflows\..+\.id$/.test(path) || /^credentials\..+\.id$/.test(path)) && (typeof value !== 'string' || isSentinelId(value))) {
      problems.push({ placeholder: whole, path, reason: `is empty or a placeholder value (${JSON.stringify(value)}): deploy the workflow/credential and fill in its id` });
      return whole;
    }
    resolved++;
    const literal = typeof value === 'object' ? JSON.stringify(value) : String(value);
    // Inside a JSON string: escape as JSON would, without the surrounding quotes.
    return JSON.stringify(literal).slice(1, -1);
  });
  return { text: out, problems, resolved };
}
