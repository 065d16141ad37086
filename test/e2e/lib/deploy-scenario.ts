// `n8n-lock deploy` and `pull` against the suite's own n8n, after the harness deployed the
// repository with it: a second deploy changes nothing, an edit made in n8n is drift (refused,
// nothing written; --force applies it), a pulled edit is the repository's again, and pulling
// everything back gives the files byte for byte.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { deployRepository, runAgainstN8n } from '../harness/deploy-cli.js';
import { fetchAgainIfStale, log, N8N_1X, type E2eMode, type Stack } from '../harness/index.js';
import type { Deployment } from './deploy.js';

const line = (text: string, prefix: string) => text.split('\n').find((l) => l.startsWith(prefix)) ?? '';

export function defineDeployScenario(get: () => { stack: Stack | undefined; deployment: Deployment; mode: E2eMode; engine: string }, run = true): void {
  it.runIf(run)('13. deploy: a second deploy is all unchanged; an edit in n8n is drift (refused, --force applies it); pull round-trips every workflow', async () => {
    const { stack, deployment, mode, engine } = get();
    const { repo, keys, via } = deployment;
    const mode_ = via === 'api' ? 'per-workflow' : 'package';
    const deployAgain = (extra: string[] = []) => deployRepository(repo, 'e2e', url, apiKey, ['--via', via, ...extra]);
    const n = keys.length;
    const url = stack!.n8n.baseUrl;
    const apiKey = stack!.apiKey!;
    const api = async (method: string, path: string, body?: unknown) => {
      // The kept-alive socket idles while a deploy runs in another process: n8n may close it.
      const res = await fetchAgainIfStale(() => fetch(`${url}/api/v1${path}`, { method, headers: { 'X-N8N-API-KEY': apiKey, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
      return { status: res.status, json: (await res.json()) as any };
    };
    const files = () => Object.fromEntries(['envs/e2e.yml', ...keys.map((k) => `workflows/${k}.json`)].map((f) => [f, readFileSync(join(repo, f), 'utf8')]));

    // The harness's deploy: everything created, ids written back, nothing left unpublished that must run.
    const first = stack!.deployRun!;
    expect(line(first.stderr, 'deploy: mode=')).toMatch(new RegExp(`^deploy: mode=${mode_} workflows=${n} created=${n} updated=0 unchanged=0 seconds=`));
    expect(Object.values(deployment.ids).every((id) => /^[A-Za-z0-9]{16}$/.test(id))).toBe(true);
    const before = files();

    // Twice = once: all unchanged, nothing written anywhere.
    const second = deployAgain();
    expect(second.status, second.stderr).toBe(0);
    expect(line(second.stderr, 'deploy: mode=')).toMatch(new RegExp(`^deploy: mode=${mode_} workflows=${n} created=0 updated=0 unchanged=${n} `));
    expect(line(second.stderr, 'deploy drift: ')).toBe('deploy drift: refused=no forced=no');
    expect(files()).toEqual(before);

    // Someone edits lock_release in n8n (on 2.x a draft: the published version stays; 1.123 runs
    // the sub-workflow inactive, and knows no publishIfActive).
    const id = deployment.ids.lock_release;
    const edit = async (note: string) => {
      const live = (await api('GET', `/workflows/${id}`)).json;
      live.nodes[0].notes = note;
      const put = await api('PUT', `/workflows/${id}${N8N_1X ? '' : '?publishIfActive=false'}`, { name: live.name, nodes: live.nodes, connections: live.connections, settings: live.settings });
      expect(put.status).toBe(200);
      return put.json.versionId as string;
    };
    const editedVersion = await edit('edited in the n8n editor');
    const refused = deployAgain();
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stdout).toMatch(/drifted\s+lock_release[^\n]*\n\s+changed in n8n since the last deploy[^\n]*nodes changed "Execute Workflow Trigger"/);
    expect(line(refused.stderr, 'deploy drift: ')).toBe('deploy drift: refused=yes forced=no');
    expect(line(refused.stderr, 'deploy: mode=')).toMatch(new RegExp(`^deploy: mode=refused workflows=${n} drifted=1 seconds=`));
    expect((await api('GET', `/workflows/${id}`)).json.versionId).toBe(editedVersion); // nothing written

    const forced = deployAgain(['--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(line(forced.stderr, 'deploy drift: ')).toBe('deploy drift: refused=no forced=yes');
    expect(line(forced.stderr, 'deploy: mode=')).toMatch(new RegExp(`created=0 updated=1 unchanged=${n - 1} `));
    const restored = (await api('GET', `/workflows/${id}`)).json;
    expect(restored.nodes[0].notes).toBeUndefined();
    // A sub-workflow: published again on 2.x; on 1.123 it runs inactive (n8n refuses to activate it).
    expect(restored.activeVersionId).toBe(N8N_1X ? null : restored.versionId);

    // An edit pulled into the repository is the repository's: the next deploy is all unchanged.
    await edit('kept: pulled into git');
    const pulledEdit = runAgainstN8n(repo, ['pull', '--env', 'e2e'], url, apiKey);
    expect(pulledEdit.status, pulledEdit.stderr).toBe(0);
    expect(line(pulledEdit.stderr, 'pull: ')).toMatch(new RegExp(`^pull: workflows=${n} identical=${n - 1} `));
    expect(readFileSync(join(repo, 'workflows/lock_release.json'), 'utf8')).toContain('"notes": "kept: pulled into git"');
    const afterPull = deployAgain();
    expect(afterPull.status, afterPull.stderr).toBe(0);
    expect(line(afterPull.stderr, 'deploy: mode=')).toMatch(new RegExp(`created=0 updated=0 unchanged=${n} `));

    // Back to the original file: an update (not drift), then every workflow pulls back byte for byte.
    writeFileSync(join(repo, 'workflows/lock_release.json'), before['workflows/lock_release.json']);
    const back = deployAgain();
    expect(back.status, back.stderr).toBe(0);
    expect(line(back.stderr, 'deploy: mode=')).toMatch(new RegExp(`created=0 updated=1 unchanged=${n - 1} `));
    const roundTrip = runAgainstN8n(repo, ['pull', '--env', 'e2e'], url, apiKey);
    expect(roundTrip.status, roundTrip.stderr).toBe(0);
    expect(line(roundTrip.stderr, 'pull: ')).toMatch(new RegExp(`^pull: workflows=${n} identical=${n} `));
    expect(files()).toEqual(before);
    log(`scenario 13: mode=${mode} engine=${engine} via=${via} ${line(second.stderr, 'deploy: mode=')} | drift refused, --force: ${line(forced.stderr, 'deploy: mode=')} | ${line(roundTrip.stderr, 'pull: ')}`);
  });
}
