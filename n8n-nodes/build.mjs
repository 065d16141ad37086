// Builds the node package: typecheck (tsc, against the real n8n-workflow types), then one CommonJS
// file per node (esbuild). esbuild, not tsc alone, because two development dependencies are bundled
// in: the protocol the CLI shares (the workspace package n8n-lock-protocol: key names, Lua scripts,
// messages) and ioredis, since a community package should have no runtime dependencies (n8n's lint,
// no-runtime-dependencies), so n8n's installer has nothing to fetch. n8n-workflow stays external:
// n8n provides it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { buildSync } = require('esbuild');

execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });

rmSync(join(here, 'dist'), { recursive: true, force: true });
// One CommonJS file per entry; n8n provides n8n-workflow.
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['n8n-workflow'], logLevel: 'warning' };
const nodes = readdirSync(join(here, 'nodes'));
for (const node of nodes) {
  const outDir = join(here, 'dist', 'nodes', node);
  buildSync({
    entryPoints: [join(here, 'nodes', node, `${node}.node.ts`)],
    outfile: join(outDir, `${node}.node.js`),
    ...common,
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(join(here, 'nodes', node))) if (file.endsWith('.svg') || file.endsWith('.json')) copyFileSync(join(here, 'nodes', node, file), join(outDir, file));
}
// The credentials: one CommonJS file each, like the nodes.
const credentials = readdirSync(join(here, 'credentials')).filter((f) => f.endsWith('.credentials.ts'));
for (const file of credentials) {
  buildSync({ entryPoints: [join(here, 'credentials', file)], outfile: join(here, 'dist', 'credentials', file.replace(/\.ts$/, '.js')), ...common });
}
// The library modules too, for tests and scripts that drive a consumer or a caller without n8n.
buildSync({
  entryPoints: readdirSync(join(here, 'lib')).filter((f) => f.endsWith('.ts')).map((f) => join(here, 'lib', f)),
  outdir: join(here, 'dist', 'lib'),
  ...common,
});
console.log(`n8n-nodes-lock: built ${nodes.length} nodes, ${credentials.length} credential(s)`);
