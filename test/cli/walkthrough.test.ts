// issue 38: what a newcomer trips over in the README's five minutes, pinned so it cannot drift: the
// env file it shows has what deploy needs, the way to a faster handover is said in the locking
// guide, and deploy is the command that writes the ids. (issue 37: the examples themselves run in
// test/docs/examples.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../src/envs/env-file.js';
import { ROOT } from '../support/cli.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const fiveMinutes = readme.slice(readme.indexOf('## Five minutes'), readme.indexOf('\n## ', readme.indexOf('## Five minutes') + 5));
const locking = readFileSync(join(ROOT, 'docs', 'locking.md'), 'utf8');

describe('the README five minutes', () => {
  it('shows an env file with the n8n block and the Redis credential under credentials.redis, and it parses', () => {
    const yaml = /```yaml[^\n]*\n([\s\S]*?)```/.exec(fiveMinutes)?.[1];
    expect(yaml, 'the five minutes have an env example').toBeDefined();
    const env = parseEnvFile(yaml!, 'envs/dev.yml', 'dev');
    expect(env.data.n8n?.url).toMatch(/^https?:\/\//);
    expect(env.data.credentials?.redis?.id).toBeTruthy();
    expect((env.data as { redis?: { url?: string } }).redis?.url).toMatch(/^redis:\/\//); // what status and unlock --env read
  });

  it('the locking guide says what the stock poll costs, shows --poll-seconds, and points to the native engine for no poll at all', () => {
    expect(locking).toContain('default 0.5 s');
    expect(locking).toMatch(/--poll-seconds \d/);
    expect(locking).toContain('--engine node');
    expect(locking).toMatch(/run data/);
  });

  it('deploys with the command that does it, not by copying ids by hand', () => {
    expect(fiveMinutes).toContain('n8n-lock deploy --env dev');
    expect(fiveMinutes).not.toMatch(/fill in (the|their) ids/i);
  });

  it('is short: the README stays a page, the rest lives in the guides', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });
});
