import { existsSync, readFileSync, statSync } from 'node:fs';
import { primitiveJson, type PrimitiveName } from '../primitives/index.js';
import { InputError } from '../errors.js';
import type { WritePlan } from './io.js';
import { display, workflowPath, type RepoLayout } from './repo.js';

export type InstallOutcome = 'created' | 'unchanged' | 'overwritten' | 'kept';

/**
 * Queues templates of the given primitives into the workflows folder. An existing file that differs
 * is kept (outcome "kept", the caller warns) unless `force`; an identical one is left untouched.
 */
export function planPrimitiveFiles(
  layout: RepoLayout,
  names: PrimitiveName[],
  force: boolean,
  plan: WritePlan,
): Array<{ name: PrimitiveName; file: string; outcome: InstallOutcome }> {
  if (existsSync(layout.workflowsDir) && !statSync(layout.workflowsDir).isDirectory()) {
    throw new InputError(`${display(layout, layout.workflowsDir)}: is a file, expected the workflows directory`);
  }
  return names.map((name) => {
    const path = workflowPath(layout, name);
    const file = display(layout, path);
    const content = primitiveJson(name);
    let outcome: InstallOutcome = 'created';
    if (existsSync(path)) {
      const current = statSync(path).isFile() ? readFileSync(path, 'utf8') : null;
      if (current === content) outcome = 'unchanged';
      else if (!force) outcome = 'kept';
      else outcome = 'overwritten';
    }
    if (outcome === 'created' || outcome === 'overwritten') plan.put(path, content, file);
    return { name, file, outcome };
  });
}
