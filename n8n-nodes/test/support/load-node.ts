// Loads a built node file the way n8n does (require), with `n8n-workflow` resolved to a minimal
// stand-in: outside n8n it is not installed (inside n8n the nodes get n8n's own copy).
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** The module exports of a built file, e.g. `dist/nodes/Lock/Lock.node.js` (relative to n8n-nodes/). */
export function requireBuilt(file: string): Record<string, any> {
  const resolve = (Module as any)._resolveFilename;
  (Module as any)._resolveFilename = function (request: string, ...rest: unknown[]) {
    return resolve.call(this, request === 'n8n-workflow' ? join(PACKAGE_ROOT, 'test', 'support', 'n8n-workflow-stand-in.cjs') : request, ...rest);
  };
  try {
    return require(join(PACKAGE_ROOT, file));
  } finally {
    (Module as any)._resolveFilename = resolve;
  }
}

/** A new instance of the built node class `name` (dist/nodes/<name>/<name>.node.js). */
export function loadNode(name: string): any {
  return new (requireBuilt(`dist/nodes/${name}/${name}.node.js`)[name])();
}
