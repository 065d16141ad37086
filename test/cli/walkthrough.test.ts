// issue 38: what a newcomer trips over in the README's walkthrough, pinned so it cannot drift: the
// env file it shows has what deploy needs, the poll's cost and the way around it are said there,
// and the walkthrough's env example is a real env file that validates.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../src/envs/env-file.js';
import { ROOT } from '../support/cli.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const walkthrough = readme.slice(readme.indexOf('## 5-minute walkthrough'), readme.indexOf('\n## ', readme.indexOf('## 5-minute walkthrough') + 5));

describe('the README walkthrough', () => {
  it('shows an env file with the n8n block and the Redis credential under credentials.redis, and it parses', () => {
    const yaml = /```yaml\n([\s\S]*?)```/.exec(walkthrough)?.[1];
    expect(yaml, 'the walkthrough has an env example').toBeDefined();
    const env = parseEnvFile(yaml!.replace(/^ {3}/gm, ''), 'envs/dev.yml', 'dev');
    expect(env.data.n8n?.url).toMatch(/^https?:\/\//);
    expect(env.data.credentials?.redis?.id).toBeTruthy();
    expect((env.data as { redis?: { url?: string } }).redis?.url).toMatch(/^redis:\/\//); // what status and unlock --env read
  });

  it('says what the stock poll costs, shows --poll-seconds, and points to the native engine for no poll at all', () => {
    expect(walkthrough).toContain('default 0.5 s');
    expect(walkthrough).toMatch(/--poll-seconds \d/);
    expect(walkthrough).toContain('--engine node');
    expect(walkthrough).toMatch(/run data/);
  });

  it('deploys with the command that does it, not by copying ids by hand', () => {
    expect(walkthrough).toContain('n8n-lock deploy --env dev');
    expect(walkthrough).not.toMatch(/fill in (the|their) ids/i);
  });
});
