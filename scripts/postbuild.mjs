// After tsc: make the CLI entry executable and write the published env JSON Schema.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
chmodSync('dist/cli/index.js', 0o755);
const { envJsonSchema } = await import('../dist/envs/schema.js');
mkdirSync('schema', { recursive: true });
writeFileSync('schema/env.schema.json', JSON.stringify(envJsonSchema(), null, 2) + '\n');
// The build's stamp, written last: the test setup rebuilds when a source is newer than this.
writeFileSync('dist/.build-stamp', `${new Date().toISOString()}\n`);
