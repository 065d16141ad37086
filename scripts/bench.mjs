// `npm run bench`: runs every benchmark script in scripts/bench/ in name order; each prints its numbers.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
let failed = 0;
for (const file of readdirSync(dir).filter((f) => /\.(mjs|ts)$/.test(f)).sort()) {
  console.log(`\n== ${file}`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', join(dir, file)] : [join(dir, file)];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
