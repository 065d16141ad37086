// Vitest global setup: the CLI tests spawn the BUILT binary (dist/), and the node package's tests
// load its built files (n8n-nodes/dist/). `npm test` builds first, but
// `npx vitest run` alone would test whatever dist/ an earlier build left. When any source is newer
// than the last build's stamp (or there is none), build now, so no test ever runs a stale dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export const BUILD_STAMP = join(ROOT, 'dist', '.build-stamp');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), 0);
}

export default function setup(): void {
  const inputs = ['src', 'protocol/src', 'n8n-nodes/nodes', 'n8n-nodes/lib', 'n8n-nodes/credentials', 'n8n-nodes/build.mjs', 'n8n-nodes/package.json', 'scripts/gen-code-bodies.mjs', 'scripts/postbuild.mjs', 'tsconfig.json', 'package.json'].map((p) => join(ROOT, p));
  const newestSource = Math.max(...inputs.map(newestMtime));
  if (existsSync(BUILD_STAMP) && statSync(BUILD_STAMP).mtimeMs >= newestSource) return;
  process.stdout.write('dist/ is older than the sources: npm run build\n');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}
