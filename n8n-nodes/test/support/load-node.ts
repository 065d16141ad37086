// Loads a built node file the way n8n does (require). `n8n-workflow` is the real package, the
// version the e2e suite's n8n ships (a development dependency: inside n8n the nodes get n8n's copy).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** The module exports of a built file, e.g. `dist/nodes/Lock/Lock.node.js` (relative to n8n-nodes/). */
export function requireBuilt(file: string): Record<string, any> {
  return require(join(PACKAGE_ROOT, file));
}

/** A new instance of the built node class `name` (dist/nodes/<name>/<name>.node.js). */
export function loadNode(name: string): any {
  return new (requireBuilt(`dist/nodes/${name}/${name}.node.js`)[name])();
}
