// An env file's `workflows.<key>` entries against the repository's workflow files. A key that names
// no file is almost always a typo (`invoice_synk`), and a deploy then creates the real file's
// workflow a second time under its own key: validate reports it, deploy and pull refuse it.
import { closestName } from '../closest-name.js';
import { isSentinelId } from '../workflow/placeholders.js';
import type { EnvConfig } from './schema.js';

export interface UnknownWorkflowKey {
  key: string;
  /** The workflow key the user probably meant, when one is close. */
  closest?: string;
}

/** The env's workflow keys that have no workflow file, in the file's order. */
export function unknownWorkflowKeys(data: EnvConfig, workflowKeys: readonly string[]): UnknownWorkflowKey[] {
  const known = new Set(workflowKeys);
  // The closest match is sought among the files no key of this env names yet: `invoice_synk` means
  // the unregistered `invoice_sync`, not a registered neighbour.
  const registered = new Set(Object.keys(data.workflows ?? {}));
  const unregistered = workflowKeys.filter((key) => !registered.has(key));
  return Object.keys(data.workflows ?? {})
    .filter((key) => !known.has(key))
    .map((key) => {
      const closest = closestName(key, unregistered) ?? closestName(key, workflowKeys);
      return closest === undefined ? { key } : { key, closest };
    });
}

/**
 * The refusal deploy and pull print before they write anything: the first unknown key, the file it
 * would need, the close match, and what to do.
 */
export function unknownWorkflowKeysRefusal(envFile: string, unknown: readonly UnknownWorkflowKey[], fileOf: (key: string) => string, then: (key: string) => string = () => ''): string {
  const [first] = unknown;
  const hint = first.closest !== undefined ? `did you mean ${first.closest}?` : 'rename the key to a workflow file\'s, or remove the entry';
  const more = unknown.length > 1 ? ` (and ${unknown.length - 1} more: ${unknown.slice(1, 4).map((u) => u.key).join(', ')}${unknown.length > 4 ? ', ...' : ''})` : '';
  return `${envFile}: workflows.${first.key} names no workflow file (${fileOf(first.key)} does not exist; ${hint})${more}; nothing was written${then(first.key)}`;
}

/** The id n8n gave `workflows.<key>` in this environment; undefined while it has none (absent, empty or a sentinel). */
export function deployedIdOf(data: EnvConfig, key: string): string | undefined {
  const id = data.workflows?.[key]?.id;
  return typeof id === 'string' && !isSentinelId(id) ? id : undefined;
}
