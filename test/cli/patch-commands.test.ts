import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fastJsonPatch from 'fast-json-patch';
import { ROOT, runCli, snapshot, tempRepo } from '../support/cli.js';

const FLOW = {
  name: 'Invoice Sync',
  nodes: [
    { parameters: { path: 'sync', responseMode: 'lastNode', options: {} }, id: 'a1', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], webhookId: 'w1' },
    { parameters: { jsCode: "return [{ json: { ok: true, note: 'café ✓' } }];" }, id: 'a2', name: 'Write Sheet', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] },
  ],
  connections: { Webhook: { main: [[{ node: 'Write Sheet', type: 'main', index: 0 }]] } },
  settings: { executionOrder: 'v1' },
};
const TAB_TEXT = JSON.stringify(FLOW, null, '\t'); // tabs, no trailing newline
const DEV = `# dev
credentials:
  redis: { id: "R3d1sCr3dDev0001", name: "Redis (dev)" }
workflows:
  invoice_sync: { id: "InvoiceSync00001", name: "Invoice Sync" } # ours
  error_handler_lock_cleanup: { id: "Cleanup000000001", name: "Cleanup" }
lockScopes:
  - existing # keep
`;

// The env registers the cleanup handler, so the repository has its file (validate checks that every key names one).
const CLEANUP = readFileSync(join(ROOT, 'templates', 'error_handler_lock_cleanup.json'), 'utf8');

function repo(extra: Record<string, string> = {}) {
  return tempRepo({ 'workflows/invoice_sync.json': TAB_TEXT, 'workflows/error_handler_lock_cleanup.json': CLEANUP, 'envs/dev.yml': DEV, ...extra });
}

describe('add-lock-to-workflow', () => {
  it('writes the workflow in its own style (tabs, no trailing newline, unicode as is) and appends the static scope', () => {
    const dir = repo();
    const result = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'excel-write', '--cwd', dir]);
    expect(result.status, result.stderr).toBe(0);
    const text = readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8');
    expect(text.startsWith('{\n\t"name"')).toBe(true);
    expect(text.endsWith('}')).toBe(true);
    expect(text).toContain('café ✓');
    expect(readFileSync(join(dir, 'envs/dev.yml'), 'utf8')).toBe(DEV.replace('  - existing # keep\n', '  - existing # keep\n  - excel-write\n'));
    expect(result.stderr).toContain('envs/dev.yml: lockScopes += "excel-write"');
  });

  it('--dry-run prints the patch that the real run applies, and writes nothing', () => {
    const dir = repo();
    const before = snapshot(dir);
    const dry = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'global', '--dry-run', '--cwd', dir]);
    expect(dry.status).toBe(0);
    expect(snapshot(dir)).toEqual(before);
    expect(dry.stderr).toMatch(/dry run: workflows\/invoice_sync\.json would change by \d+ operation\(s\)/);
    const patch = JSON.parse(dry.stdout);
    expect(runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'global', '--cwd', dir]).status).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
    expect(fastJsonPatch.applyPatch(structuredClone(FLOW), patch).newDocument).toEqual(written);
  });

  it('a dynamic scope: cleanup is registered by default and covers it (the handler finds sidecars); lockScopes is left alone', () => {
    const dir = repo();
    const result = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', '=crm-{{ $json.body.id }}', '--cwd', dir]);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('note: a failed execution frees its lock whatever =crm-{{ $json.body.id }} evaluated to: settings.errorWorkflow is the cleanup handler');
    expect(JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).settings.errorWorkflow).toBe('{{@:env:workflows.error_handler_lock_cleanup.id}}');
    expect(readFileSync(join(dir, 'envs/dev.yml'), 'utf8')).toBe(DEV);
  });

  it('wrap, remove: the file is byte-identical to the original; a second wrap is refused unchanged', () => {
    const dir = repo();
    expect(runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'global', '--cwd', dir]).status).toBe(0);
    const locked = readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8');
    const again = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'global', '--cwd', dir]);
    expect(again.status).toBe(2);
    expect(again.stderr).toBe('n8n-lock: workflows/invoice_sync.json: already locked (node "Lock Acquire" calls lock_acquisition); remove it first with n8n-lock remove-lock\n');
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(locked);
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(TAB_TEXT);
  });

  it('the cleanup handler is registered by default (--lock-on-error says so explicitly); --no-lock-on-error leaves settings alone', () => {
    for (const flags of [[], ['--lock-on-error']]) {
      const dir = repo();
      expect(runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', ...flags, '--cwd', dir]).status).toBe(0);
      const wf = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
      expect(wf.settings.errorWorkflow).toBe('{{@:env:workflows.error_handler_lock_cleanup.id}}');
    }
    const off = repo();
    const result = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--no-lock-on-error', '--cwd', off]);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('note: --no-lock-on-error: a failed execution keeps its lock until the TTL');
    expect(JSON.parse(readFileSync(join(off, 'workflows/invoice_sync.json'), 'utf8')).settings).toEqual({ executionOrder: 'v1' });
  });

  it('a different existing errorWorkflow is kept, and the note says how to combine them; --force replaces it; remove restores', () => {
    const other = repo({ 'workflows/invoice_sync.json': JSON.stringify({ ...FLOW, settings: { executionOrder: 'v1', errorWorkflow: 'Alerts0000000001' } }) });
    const before = snapshot(other);
    const kept = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', other]);
    expect(kept.status).toBe(0);
    expect(kept.stderr).toContain('note: settings.errorWorkflow is already "Alerts0000000001": kept. n8n runs one error workflow per workflow, so a failed execution\'s lock is freed only by its TTL. To combine them, copy the cleanup into your error workflow (n8n-lock copy-primitive error_handler_lock_cleanup');
    expect(JSON.parse(readFileSync(join(other, 'workflows/invoice_sync.json'), 'utf8')).settings.errorWorkflow).toBe('Alerts0000000001');
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', other]).status).toBe(0);
    expect(snapshot(other)['workflows/invoice_sync.json']).toBe(before['workflows/invoice_sync.json']);
    expect(runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--force', '--cwd', other]).status).toBe(0);
    expect(JSON.parse(readFileSync(join(other, 'workflows/invoice_sync.json'), 'utf8')).settings.errorWorkflow).toBe('{{@:env:workflows.error_handler_lock_cleanup.id}}');
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', other]).status).toBe(0);
    expect(snapshot(other)['workflows/invoice_sync.json']).toBe(before['workflows/invoice_sync.json']);
  });

  it('refuses, changing nothing, when the handler is not registered in every selected env (cleanup is the default)', () => {
    const dir = repo({ 'envs/prod.yml': 'workflows: {}\n' });
    const before = snapshot(dir);
    const result = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--env', 'dev,prod', '--cwd', dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'n8n-lock: add-lock-to-workflow registers the cleanup error workflow (so a failed execution frees its lock), but error_handler_lock_cleanup is not registered in envs/prod.yml: run n8n-lock create-lock --include-error-handler --env dev,prod first, or pass --no-lock-on-error\n',
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('a workflow not on executionOrder v1 is refused unless --set-execution-order-v1; remove restores the settings', () => {
    const legacy = JSON.stringify({ ...FLOW, settings: undefined }, null, 2) + '\n';
    const dir = repo({ 'workflows/invoice_sync.json': legacy });
    const refused = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', dir]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('has no settings.executionOrder, so n8n runs it on the legacy v0 engine');
    expect(refused.stderr).toContain('--set-execution-order-v1');
    const ok = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--set-execution-order-v1', '--cwd', dir]);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain('settings.executionOrder was set to "v1"');
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(legacy);
  });

  it.each([
    [['add-lock-to-workflow', 'nope', '--scope-expression', 'g'], /^n8n-lock: unknown workflow "nope": workflows\/nope\.json does not exist \(known: error_handler_lock_cleanup, invoice_sync\)/],
    [['add-lock-to-workflow', 'invoice_sync', '--scope-expression', '={{ $json.( }}'], /^n8n-lock: expression does not parse: /],
    [['add-lock-to-workflow', 'invoice_sync', '--scope-expression', ''], /^n8n-lock: --scope-expression is empty/],
    [['add-lock-to-workflow', 'invoice_sync'], /required option '--scope-expression <expr>' not specified/],
    [['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--ttl-seconds', '0'], /--ttl-seconds must be a whole number greater than 0/],
    [['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '0', '--window-seconds', '5'], /--limit must be a whole number greater than 0/],
    [['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '2', '--window-seconds', '5', '--on-denied', 'drop'], /argument 'drop' is invalid/],
    [['remove-lock', 'invoice_sync'], /has no lock inserted by n8n-lock \(nothing to remove\)/],
  ])('%j: exit 2, one clear line, nothing changed', (args, message) => {
    const dir = repo();
    const before = snapshot(dir);
    const result = runCli([...(args as string[]), '--cwd', dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(snapshot(dir)).toEqual(before);
  });

  it('malformed workflow JSON and a non-workflow JSON: exit 2 naming the file', () => {
    const broken = repo({ 'workflows/invoice_sync.json': '{"nodes": [' });
    const r1 = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', broken]);
    expect(r1.status).toBe(2);
    expect(r1.stderr).toMatch(/^n8n-lock: workflows\/invoice_sync\.json:1:\d+: malformed JSON/);
    const notWf = repo({ 'workflows/invoice_sync.json': '{"name": "package", "version": "1.0.0"}' });
    const r2 = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', notWf]);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^n8n-lock: workflows\/invoice_sync\.json: not an n8n workflow: nodes: /);
    const dup = repo({ 'workflows/invoice_sync.json': JSON.stringify({ ...FLOW, nodes: [FLOW.nodes[0], { ...FLOW.nodes[1], name: 'Webhook' }] }) });
    const r3 = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', dup]);
    expect(r3.status).toBe(2);
    expect(r3.stderr).toContain('nodes[1].name: duplicate node name "Webhook"');
  });

  it('nodes the patch does not touch may lack typeVersion and position (n8n runs and places them): passed through, restored byte for byte', () => {
    // Connections of several nodes, the trigger's entry in the middle: remove gives back the key order too.
    const flow = {
      name: 'Odd Export',
      nodes: [
        { parameters: { path: 'odd', options: {} }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], webhookId: 'w2' },
        { parameters: { jsCode: 'return $input.all();' }, name: 'No Version', type: 'n8n-nodes-base.code', position: [220, 0] },
        { parameters: { values: {} }, name: 'No Position', type: 'n8n-nodes-base.set', typeVersion: 1 },
      ],
      connections: {
        'No Version': { main: [[{ node: 'No Position', type: 'main', index: 0 }]] },
        Webhook: { main: [[{ node: 'No Version', type: 'main', index: 0 }]] },
      },
      settings: { executionOrder: 'v1' },
    };
    const text = JSON.stringify(flow, null, 2) + '\n';
    const dir = tempRepo({ 'workflows/odd.json': text, 'envs/dev.yml': 'lockScopes: []\n' });
    const added = runCli(['add-lock-to-workflow', 'odd', '--scope-expression', 'odd', '--no-lock-on-error', '--cwd', dir]);
    expect(added.status, added.stderr).toBe(0);
    const locked = JSON.parse(readFileSync(join(dir, 'workflows/odd.json'), 'utf8'));
    expect(locked.nodes.find((n: any) => n.name === 'No Version')).toEqual({ ...flow.nodes[1], position: [660, 0] });
    expect(locked.nodes.find((n: any) => n.name === 'No Position')).toEqual(flow.nodes[2]);
    expect(Object.keys(locked.connections).slice(0, 2)).toEqual(['No Version', 'Webhook']);
    expect(runCli(['remove-lock', 'odd', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/odd.json'), 'utf8')).toBe(text);
    // What the patchers read must still be there: a node without a name is refused, naming the path.
    const broken = tempRepo({ 'workflows/b.json': JSON.stringify({ ...flow, nodes: [...flow.nodes, { type: 'n8n-nodes-base.noOp' }] }), 'envs/dev.yml': 'lockScopes: []\n' });
    const refused = runCli(['add-lock-to-workflow', 'b', '--scope-expression', 'x', '--no-lock-on-error', '--cwd', broken]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/workflows\/b\.json: not an n8n workflow: nodes\[3\]\.name/);
  });

  it('a user node already named Lock Acquire: ours gets a free name', () => {
    const taken = { ...FLOW, nodes: [FLOW.nodes[0], { ...FLOW.nodes[1], name: 'Lock Acquire' }], connections: { Webhook: { main: [[{ node: 'Lock Acquire', type: 'main', index: 0 }]] } } };
    const dir = repo({ 'workflows/invoice_sync.json': JSON.stringify(taken) });
    expect(runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', dir]).status).toBe(0);
    const wf = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
    expect(wf.nodes.map((n: any) => n.name)).toEqual(['Webhook', 'Lock Acquire', 'Lock Acquire 2', 'Lock Restore Items', 'Lock Release', 'Lock Restore Output']);
    expect(wf.nodes.find((n: any) => n.name === 'Lock Release').parameters.workflowInputs.value.scope).toBe("={{ $('Lock Acquire 2').first().json.scope }}");
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'))).toEqual(taken);
  });
});

describe('add-rate-limit-to-workflow', () => {
  it('gates, composes with the lock in either order, and unwraps exactly', () => {
    const dir = repo();
    expect(runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '10', '--on-denied', 'stop', '--cwd', dir]).status).toBe(0);
    expect(runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', dir]).status).toBe(0);
    const wf = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
    const denied = wf.nodes.find((n: any) => n.name === 'Rate Limit Denied');
    expect(denied.type).toBe('n8n-nodes-base.stopAndError');
    expect(denied.parameters.errorMessage.startsWith('=')).toBe(true);
    const second = runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '10', '--cwd', dir]);
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('already rate limited');
    expect(runCli(['remove-rate-limit', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(TAB_TEXT);
  });

  it('--algorithm sliding calls rate_limit_sliding; a second limit of either kind is refused; remove restores byte for byte; a bad algorithm is exit 2', () => {
    const dir = repo();
    expect(runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '10', '--algorithm', 'sliding', '--cwd', dir]).status).toBe(0);
    const wf = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
    expect(wf.nodes.find((n: any) => n.name === 'Rate Limit').parameters.workflowId.value).toBe('{{@:env:workflows.rate_limit_sliding.id}}');
    const second = runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '10', '--cwd', dir]);
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('already rate limited (node "Rate Limit" calls rate_limit_sliding)');
    // Not installed yet: validate names the placeholder no env sets (plain validate checks every env file).
    const unregistered = runCli(['validate', '--cwd', dir]);
    expect(unregistered.status).toBe(1);
    expect(unregistered.stdout).toContain('{{@:env:workflows.rate_limit_sliding.id}} is not set in envs/dev.yml');
    expect(runCli(['create-lock', '--include-rate-limit', '--algorithm', 'sliding', '--include-error-handler', '--cwd', dir]).status).toBe(0);
    expect(runCli(['validate', '--cwd', dir]).status).toBe(0);
    expect(runCli(['remove-rate-limit', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(TAB_TEXT);
    const bad = runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '10', '--algorithm', 'leaky', '--cwd', dir]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("argument 'leaky' is invalid. Allowed choices are fixed, sliding, sliding-log, token-bucket.");
  });

  it.each([
    ['wait', 'sliding-log', ['--max-wait-seconds', '30']],
    ['passthrough', 'token-bucket', []],
    ['stop', 'fixed', []],
  ])('--engine node --on-denied %s --algorithm %s: the Rate Limit node (with its gate when passing through); validate accepts it; remove restores byte for byte; a lock added after goes behind it', (onDenied, algorithm, extra) => {
    const dir = repo();
    const add = runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '2', '--engine', 'node', '--algorithm', algorithm, '--on-denied', onDenied, ...extra, '--cwd', dir]);
    expect(add.status, add.stderr).toBe(0);
    const wf = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
    const limiter = wf.nodes.find((n: any) => n.name === 'Rate Limit');
    expect(limiter.type).toBe('n8n-nodes-lock.rateLimit');
    expect(limiter.parameters).toMatchObject({ algorithm, onDenied: onDenied === 'passthrough' ? 'pass' : onDenied, ...(algorithm === 'token-bucket' ? { burst: 5, ratePerSecond: 2.5 } : { maxCalls: 5, windowSeconds: 2 }) });
    expect(wf.nodes.some((n: any) => n.name === 'Rate Limit Allowed?')).toBe(onDenied === 'passthrough');
    const again = runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '10', '--cwd', dir]);
    expect([again.status, again.stderr]).toEqual([2, expect.stringContaining('already rate limited (node "Rate Limit"')]);
    const validate = runCli(['validate', '--cwd', dir]);
    expect(validate.status, validate.stdout + validate.stderr).toBe(0);
    expect(runCli(['remove-rate-limit', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(TAB_TEXT);
  });

  it('bad native combinations are exit 2 with one line, nothing written', () => {
    const dir = repo();
    for (const [args, message] of [
      [['--on-denied', 'wait'], '--on-denied wait needs --engine node'],
      [['--algorithm', 'token-bucket'], 'sliding-log and token-bucket need --engine node'],
      [['--engine', 'node', '--algorithm', 'sliding'], '--algorithm with --engine node must be sliding-log, token-bucket, fixed'],
      [['--engine', 'node', '--max-wait-seconds', '3'], '--max-wait-seconds applies to --on-denied wait only'],
    ] as const) {
      const result = runCli(['add-rate-limit-to-workflow', 'invoice_sync', '--limit', '5', '--window-seconds', '2', ...args, '--cwd', dir]);
      expect([result.status, result.stderr.trim().split('\n').length], result.stderr).toEqual([2, 1]);
      expect(result.stderr).toContain(message);
      expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(TAB_TEXT);
    }
  });

  it('add-lock-to-workflow --max-holders 3 --engine node: the Lock node admits 3; without --engine node it is exit 2', () => {
    const dir = repo();
    const refused = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'api', '--max-holders', '3', '--no-lock-on-error', '--cwd', dir]);
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringContaining('--max-holders 3 needs --engine node')]);
    const add = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'api', '--max-holders', '3', '--engine', 'node', '--no-lock-on-error', '--cwd', dir]);
    expect(add.status, add.stderr).toBe(0);
    const wf = JSON.parse(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8'));
    expect(wf.nodes.find((n: any) => n.name === 'Lock Acquire').parameters.maxHolders).toBe(3);
    expect(runCli(['remove-lock', 'invoice_sync', '--cwd', dir]).status).toBe(0);
    expect(readFileSync(join(dir, 'workflows/invoice_sync.json'), 'utf8')).toBe(TAB_TEXT);
  });
});

describe('render', () => {
  it('resolves placeholders for one env and fails on unresolvable ones, naming placeholder, file and env', () => {
    const dir = repo({ 'envs/dev.yml': DEV.replace(/credentials:\n.*\n/, '') });
    expect(runCli(['create-lock', '--include-error-handler', '--cwd', dir]).status).toBe(0);
    const missing = runCli(['render', '--env', 'dev', 'lock_release', '--cwd', dir]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('n8n-lock: workflows/lock_release.json: {{@:env:credentials.redis.id}} is not set in the env file for env "dev" (envs/dev.yml) (and 5 more)\n');
    const env = readFileSync(join(dir, 'envs/dev.yml'), 'utf8');
    writeFileSync(join(dir, 'envs/dev.yml'), env + 'credentials:\n  redis: { id: "R3d1s00000000001", name: "Redis" }\n');
    const ok = runCli(['render', '--env', 'dev', 'error_handler_lock_cleanup', '--cwd', dir]);
    expect(ok.status, ok.stderr).toBe(0);
    const rendered = JSON.parse(ok.stdout);
    expect(rendered.id).toBe('Cleanup000000001');
    expect(JSON.stringify(rendered)).not.toMatch(/\{\{@/);
    expect(rendered.nodes.find((n: any) => n.name === 'Prepare Scope List').parameters.jsCode).toContain('const LOCK_SCOPES = ["existing"];');
    const locked = runCli(['add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'g', '--cwd', dir]);
    expect(locked.status).toBe(0);
    const sentinel = runCli(['render', '--env', 'dev', 'invoice_sync', '--cwd', dir]);
    expect(sentinel.status).toBe(2);
    expect(sentinel.stderr).toContain('{{@:env:workflows.lock_acquisition.id}} is empty or a placeholder value ("")');
  });
});
