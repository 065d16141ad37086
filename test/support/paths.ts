// Where the repository and its built CLI are (no test-runner imports: scripts use this too).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'dist', 'cli', 'index.js');
