import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runLikeN8n } from '../validate/support/n8n-sandbox.js';
const node24 = '/root/.cache/n8n-lock-e2e/node-24.21.0-n8n-2.41.1/node/bin/node';
it('oracle', async () => {
  const cases: Array<{ code: string }> = JSON.parse(readFileSync('/tmp/redteam23/oracle-in.json', 'utf8'));
  for (const c of cases) {
    const v = await runLikeN8n(c.code, { node: node24, timeoutMs: 8000 });
    console.log('ORACLE', JSON.stringify(c.code).slice(0, 120), '=>', JSON.stringify(v.obtained), v.error ? 'error: ' + String(v.error).slice(0, 100) : '');
  }
}, 600000);
