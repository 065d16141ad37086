// The publishing workflow and its gate: a release is published only when tag, versions and
// repository agree, and every publish carries provenance.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PACKAGE_DIRS, releaseProblems } from '../../scripts/release-check.mjs';
import { ROOT } from '../support/paths.js';

const manifests = (PACKAGE_DIRS as string[]).map((dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')));
const repository = (manifests[0].repository.url as string).replace(/^git\+https:\/\/github\.com\//, '').replace(/\.git$/, '');

describe('release-check', () => {
  it('passes the repository as it is, for its own tag', () => {
    expect(releaseProblems(`v${manifests[0].version}`, repository, manifests)).toEqual([]);
  });

  it('refuses a tag that is not every package\'s version, a fork, a missing author, a protocol version the CLI does not depend on', () => {
    const bumped = manifests.map((m: any) => (m.name === 'n8n-lock-protocol' ? { ...m, version: '9.9.9' } : m));
    const problems = releaseProblems('v9.9.9', 'someone/fork', [...bumped.slice(0, 2), { ...bumped[2], author: undefined }]);
    expect(problems.filter((p: string) => p.includes('release tag is v9.9.9'))).toHaveLength(2);
    expect(problems.filter((p: string) => p.includes('github.com/someone/fork'))).toHaveLength(3);
    expect(problems).toContain('n8n-lock: author needs a name and an email');
    expect(problems).toContain(`n8n-lock: depends on n8n-lock-protocol ${manifests[2].dependencies['n8n-lock-protocol']}, but 9.9.9 is published with it`);
  });
});

describe('.github/workflows/publish.yml', () => {
  const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8'));
  const steps = workflow.jobs.publish.steps as Array<{ run?: string }>;
  const runs = steps.map((s) => s.run ?? '');

  it('may mint the OIDC token provenance needs, and checks the release before installing anything', () => {
    expect(workflow.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const check = runs.findIndex((r) => r.includes('scripts/release-check.mjs'));
    expect(check).toBeGreaterThan(-1);
    expect(check).toBeLessThan(runs.findIndex((r) => r.includes('npm publish')));
  });

  it('publishes the CLI and the node package with provenance; the protocol only inside them', () => {
    const publishes = runs.filter((r) => r.startsWith('npm publish'));
    expect(publishes).toEqual(['npm publish --provenance -w n8n-nodes-lock', 'npm publish --provenance']);
    const [protocol, , cli] = manifests;
    expect(protocol.private).toBe(true);
    expect(cli.bundleDependencies).toEqual(['n8n-lock-protocol']);
  });
});
