// issue 37: the README's five minutes, every step, against a real n8n 2.41 and redis-server: the
// blocks the doc test skips because they need a live n8n (deploy, then two webhook calls and
// `status` while the first holds the lock) run here, on the page's own scratch repository, with
// the n8n's Redis credential under the id the README's env file names. Prints
// `docs live: file=README.md blocks=<n> run=<r> failed=<f>`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { runDocExamples } from '../docs/support/doc-runner.js';
import { createApiKey } from './harness/api-key.js';
import { log } from './harness/index.js';
import { useStack } from './harness/vitest.js';

// What the README's envs/dev.yml names: the Redis credential of the n8n the locks run against.
const README_CREDENTIAL = { id: 'R3d1sCr3dDev0001', name: 'Redis (dev)' };

describe('the README on a real n8n', () => {
  const stack = useStack({ name: 'n8n-lock-e2e-docs', mode: 'regular', redisCredential: README_CREDENTIAL });

  it('five minutes: lock, validate, deploy, and see the lock held while a second call waits', async () => {
    const { n8n, redis } = stack.need();
    const apiKey = await createApiKey(n8n.baseUrl);
    // n8n serves a published workflow's webhook a moment after the publish answered: calls made
    // at once after the deploy got 404 "not registered" (n8n 2.41), where a reader takes seconds
    // between the steps. The block that calls a webhook runs once n8n answers the preflight of
    // its POST, as the harness waits for webhooks at start.
    const beforeBlock = async (body: string) => {
      const paths = [...new Set([...body.matchAll(/\/webhook\/([\w-]+)/g)].map((match) => match[1]))];
      await n8n.waitForWebhooks(paths, 30_000, 'POST');
    };
    const outcomes = await runDocExamples('README.md', readFileSync(`${ROOT}/README.md`, 'utf8'), { url: n8n.baseUrl, apiKey, redisPort: redis.port, beforeBlock });
    const failed = outcomes.filter((o) => o.outcome === 'failed');
    log(`docs live: file=README.md blocks=${outcomes.length} run=${outcomes.filter((o) => o.outcome === 'run').length} failed=${failed.length}`);
    expect(failed.map((o) => `${o.where}: ${o.detail}`).join('\n\n')).toBe('');
    // The live blocks ran: nothing the README shows for a live n8n was skipped.
    expect(outcomes.filter((o) => o.outcome === 'skipped' && /live n8n/.test(o.detail ?? ''))).toEqual([]);
  });
});
