// Callable functions in a real n8n 2.41: the n8n-nodes-lock package packed and installed as a
// community package, functions defined by Function triggers, called by Call Function from webhook
// workflows (and, in the crash scenario, by callers outside n8n). Every scenario logs
// `functions <scenario>: mode=<m> calls=<n> ok=<n> lost=<n> duplicated=<n>`.
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { INSTALL_ROUTE, installedVersionIn, listedPackages, log, packNodePackage, selectedModes, uninstallThroughN8n, updateThroughN8n, waitFor, type E2eMode, type N8nServer, type RedisServer } from '../harness/index.js';
import { useStack } from '../harness/vitest.js';
import { ownerSession } from '../harness/api-key.js';
import { callFunction, type CallOutcome } from '../../../n8n-nodes/lib/caller.js';
import { consumersKey, GLOBAL_SCOPE, responseKey, streamKey } from 'n8n-lock-protocol/functions';
import { AGENT_TOOL_DESCRIPTION, agentWorkflow, FACTORIAL_MAX_DEPTH, FUNCTION_WEBHOOKS, FUNCTION_WORKFLOW_IDS as IDS, functionWorkflows } from './functions-fixtures.js';
import { ScriptedModel } from './scripted-model.js';

export interface FunctionsSuiteOptions {
  /** The scenarios to run (queue mode runs 2 and 7: issue scenario 8). */
  scenarios: number[];
  /**
   * Queue mode: executions per worker. A waiting Call Function holds its worker slot, and the
   * function's own execution needs another slot (n8n even queues trigger executions behind webhook
   * ones: priority 100 vs 50), so the slots of all workers together must exceed the callers that
   * wait at once. With n8n's default of 10 per worker, 100 concurrent callers on 2 workers fill all
   * 20 slots and wait until their timeouts.
   */
  workerConcurrency?: number;
}

const line = (scenario: string, mode: E2eMode, counts: { calls: number; ok: number; lost: number; duplicated: number }, extra = '') =>
  `functions ${scenario}: mode=${mode} calls=${counts.calls} ok=${counts.ok} lost=${counts.lost} duplicated=${counts.duplicated}${extra}`;

export function defineFunctionsSuite(mode: E2eMode, { scenarios, workerConcurrency }: FunctionsSuiteOptions): void {
  const selected = selectedModes().includes(mode);
  if (!selected) log(`functions scenarios in ${mode} mode: not selected (N8N_LOCK_E2E_MODE=${process.env.N8N_LOCK_E2E_MODE})`);
  const queue = mode === 'queue';
  const runs = (n: number) => scenarios.includes(n);

  describe.skipIf(!selected)(`functions over Redis Streams: n8n 2.x + redis-server, ${mode} mode`, () => {
    const stack = useStack({ name: `n8n-lock-e2e-functions-${mode}`, mode, nodePackage: true, workflows: functionWorkflows(), webhookPaths: FUNCTION_WEBHOOKS, n8n: { concurrency: workerConcurrency } });
    let n8n: N8nServer;
    let redis: RedisServer;
    beforeAll(async () => {
      if (!stack.current) return;
      ({ n8n, redis } = stack.current);
      // Published triggers activate after the webhooks: wait until every function has a consumer.
      await waitFor('every Function trigger to register', 60_000, async () => {
        const registered = await Promise.all(['double', 'factorial', 'sleepy', 'boom', 'slow'].map((name) => redis.client.scard(consumersKey(GLOBAL_SCOPE, name))));
        return registered.every((n) => n > 0) ? true : undefined;
      }, 250);
    });

    function jobsSince(before: number[]): { text: string; jobs: number[] } {
      const jobs = n8n.jobsPerWorker().map((n, i) => n - (before[i] ?? 0));
      return { text: queue ? ` workers=${n8n.workers.length} jobs=[${jobs.join(',')}]` : '', jobs };
    }

    async function executionsSince(workflowId: string, bookmark: number, expected: number): Promise<number> {
      // n8n saves an execution just after its webhook answered: wait until the count settles.
      let count = 0;
      await waitFor(`${expected} executions of ${workflowId}`, 30_000, async () => {
        count = (await n8n.executions(workflowId, { afterId: bookmark, limit: 1000 })).filter((e) => e.status !== 'running' && e.status !== 'new').length;
        return count >= expected ? true : undefined;
      }, 250).catch(() => undefined);
      return count;
    }

    it('0. n8n loads the package as the editor sees it: every node, and Call Function and Enqueue as AI Agent tools (callFunctionTool, enqueueTool)', async () => {
      const cookie = await ownerSession(n8n.baseUrl);
      const res = await fetch(`${n8n.baseUrl}/types/nodes.json`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const types = ((await res.json()) as Array<{ name: string; outputs?: unknown; properties?: Array<{ name: string }> }>).filter((t) => t.name.startsWith('n8n-nodes-lock.'));
      log(`package: mode=${mode} node_types=${types.map((t) => t.name.replace('n8n-nodes-lock.', '')).sort().join(',')}`);
      expect(types.map((t) => t.name).sort()).toEqual(['n8n-nodes-lock.callFunction', 'n8n-nodes-lock.callFunctionTool', 'n8n-nodes-lock.enqueue', 'n8n-nodes-lock.enqueueTool', 'n8n-nodes-lock.function', 'n8n-nodes-lock.lock', 'n8n-nodes-lock.queueTrigger', 'n8n-nodes-lock.rateLimit', 'n8n-nodes-lock.returnFromFunction']);
      const tool = types.find((t) => t.name === 'n8n-nodes-lock.callFunctionTool')!;
      expect(tool.outputs).toEqual(['ai_tool']);
      expect(tool.properties!.map((p) => p.name)).toContain('toolDescription');
    });

    it.runIf(runs(1))('1. call and return with parameters', async () => {
      const res = await n8n.call('fn-double', { n: 21 });
      expect(res.status).toBe(200);
      expect(res.body.functionResult).toEqual({ n: 21, doubled: 42 });
      log(line('1 call-and-return', mode, { calls: 1, ok: 1, lost: 0, duplicated: 0 }, ` round_trip_ms=${res.ms.toFixed(0)}`));
    });

    it.runIf(runs(2))('2. 100 concurrent callers each get their own result, none lost, none duplicated', async () => {
      const bookmark = await n8n.lastExecutionId();
      const before = n8n.jobsPerWorker();
      const started = Date.now();
      const responses = await Promise.all(Array.from({ length: 100 }, (_, n) => n8n.call('fn-double', { n })));
      const wall = Date.now() - started;
      const own = responses.filter((r, n) => r.status === 200 && r.body.functionResult?.n === n && r.body.functionResult?.doubled === 2 * n).length;
      const wrong = responses.filter((r, n) => r.body?.functionResult && r.body.functionResult.n !== n).length;
      const runsOfFunction = await executionsSince(IDS.double, bookmark, 100);
      const duplicated = wrong + Math.max(0, runsOfFunction - 100);
      const { text, jobs } = jobsSince(before);
      log(line('2 concurrent', mode, { calls: 100, ok: own, lost: 100 - own - wrong, duplicated }, ` function_executions=${runsOfFunction} wall_ms=${wall}${text}`));
      if (own !== 100) log(`functions 2: first failure: ${JSON.stringify(responses.find((r, n) => r.body?.functionResult?.n !== n)?.body).slice(0, 300)}`);
      expect(own).toBe(100);
      expect(duplicated).toBe(0);
      if (queue) {
        expect(jobs.length).toBe(2);
        for (const n of jobs) expect(n).toBeGreaterThan(0);
      }
    });

    it.runIf(runs(3))('3. recursion: factorial(6) = 720 by calling itself; deeper than Max Call Depth fails with a clear error', async () => {
      const six = await n8n.call('fn-factorial', { n: 6 });
      expect(six.status).toBe(200);
      expect(six.body.functionResult).toBe(720);
      const deep = await n8n.call('fn-factorial', { n: 12 });
      expect(deep.status).toBe(200);
      expect(deep.body.error).toMatch(new RegExp(`Call depth ${FACTORIAL_MAX_DEPTH + 1} exceeds the maximum of ${FACTORIAL_MAX_DEPTH}`));
      log(line('3 recursion', mode, { calls: 6, ok: six.body.functionResult === 720 ? 6 : 0, lost: 0, duplicated: 0 }, ` factorial6=${six.body.functionResult} ms=${six.ms.toFixed(0)}; n=12: "${deep.body.error}" after ${deep.ms.toFixed(0)} ms`));
    });

    it.runIf(runs(4))('4. no live consumer: fails within 5 s with that reason', async () => {
      const res = await n8n.call('fn-nobody');
      expect(res.status).toBe(200);
      expect(res.body.errorKind).toBe('no-consumer');
      expect(res.body.error).toMatch(/No live consumer for function "nobody"/);
      expect(res.ms).toBeLessThan(5_000);
      log(line('4 no-consumer', mode, { calls: 1, ok: 1, lost: 0, duplicated: 0 }, ` failed_after_ms=${res.ms.toFixed(0)} error="${res.body.error}"`));
    });

    it.runIf(runs(5))('5. timeout: the caller gets the timeout error at its deadline', async () => {
      const res = await n8n.call('fn-sleepy');
      expect(res.body.errorKind).toBe('timeout');
      expect(res.body.error).toMatch(/did not answer within 2 s/);
      // The deadline is 2 s after the call was sent; the round trip adds the webhook's own time.
      expect(res.ms).toBeGreaterThanOrEqual(2_000);
      expect(res.ms).toBeLessThan(3_500);
      // The function's execution ends 5 s in; its late answer changes nothing and the entry is gone.
      await waitFor('the sleepy call to be acknowledged', 15_000, async () => ((await redis.client.xlen(streamKey(GLOBAL_SCOPE, 'sleepy'))) === 0 ? true : undefined), 250);
      log(line('5 timeout', mode, { calls: 1, ok: 1, lost: 0, duplicated: 0 }, ` timed_out_after_ms=${res.ms.toFixed(0)} error="${res.body.error}"`));
    });

    it.runIf(runs(6))('6. an error inside the function reaches the caller with its message, well before the timeout', async () => {
      const res = await n8n.call('fn-boom');
      expect(res.body.errorKind).toBe('function-error');
      expect(res.body.error).toMatch(/boom from the function/);
      expect(res.ms).toBeLessThan(5_000); // the timeout is 30 s
      log(line('6 function-error', mode, { calls: 1, ok: 1, lost: 0, duplicated: 0 }, ` error_after_ms=${res.ms.toFixed(0)} (timeout 30000) error="${res.body.error}"`));
    });

    it.runIf(runs(7))('7. the process holding the consumer is SIGKILLed with calls pending and started again: every caller gets exactly one result', async () => {
      const calls = 20;
      const clients = Array.from({ length: calls }, () => new Redis({ host: redis.host, port: redis.port, maxRetriesPerRequest: 0 }));
      try {
        const before = n8n.jobsPerWorker();
        const bookmark = await n8n.lastExecutionId();
        const started = Date.now();
        const outcomes: Array<Promise<CallOutcome>> = clients.map((client, i) =>
          callFunction(client, { functionName: 'slow', scope: GLOBAL_SCOPE, params: { i }, timeoutMs: 120_000, depth: 1, caller: 'e2e/crash' }),
        );
        // Every call delivered to the consumer (running in n8n, Wait 2 s), none answered yet.
        await waitFor('the 20 calls to be delivered', 10_000, async () => {
          const [pending] = (await redis.client.xpending(streamKey(GLOBAL_SCOPE, 'slow'), 'group:slow')) as [number];
          return pending === calls ? true : undefined;
        }, 50);
        // Killed while the executions sit in their 2 s Wait: mid-flight, not merely queued.
        await new Promise((resolve) => setTimeout(resolve, 700));
        const killedAfter = Date.now() - started;
        await n8n.kill();
        const answeredWhileDown = calls - (((await redis.client.xpending(streamKey(GLOBAL_SCOPE, 'slow'), 'group:slow')) as [number])[0] ?? 0);
        await n8n.start(FUNCTION_WEBHOOKS);
        const results = await Promise.all(outcomes);
        const wall = Date.now() - started;
        const ok = results.filter((r, i) => r.ok && (r.value as { i: number }).i === i).length;
        const wrong = results.filter((r, i) => r.ok && (r.value as { i: number }).i !== i).length;
        // A caller takes one answer; any second answer would still sit in its list.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const extra = await Promise.all(results.map((r) => (r.ok ? redis.client.llen(responseKey(GLOBAL_SCOPE, 'slow', r.callId)) : Promise.resolve(0))));
        const duplicated = wrong + extra.filter((n) => n > 0).length;
        const { text } = jobsSince(before);
        // At-least-once: a call whose execution was cut off runs again after the restart.
        const reruns = (await n8n.executions(IDS.slow, { afterId: bookmark, limit: 200 })).length - calls;
        log(
          line('7 crash', mode, { calls, ok, lost: calls - ok - wrong, duplicated }, ` killed_after_ms=${killedAfter} answered_while_main_down=${answeredWhileDown} function_executions=${calls}+${Math.max(0, reruns)} all_answered_after_ms=${wall}${text}`),
        );
        if (ok !== calls) log(`functions 7: first failure: ${JSON.stringify(results.find((r) => !r.ok))}`);
        expect(ok).toBe(calls);
        expect(duplicated).toBe(0);
        expect(((await redis.client.xpending(streamKey(GLOBAL_SCOPE, 'slow'), 'group:slow')) as [number])[0]).toBe(0);
      } finally {
        clients.forEach((c) => c.disconnect());
      }
    });

    it.runIf(runs(9))('Redis client count is the same before and after 1,000 calls (no connection leaked per call)', async () => {
      const count = async () => ((await redis.client.client('LIST')) as string).trim().split('\n').length;
      // Settled first: connections closed by an earlier scenario leave the server's list a moment later.
      const settled = async () => {
        let last = -1;
        let now = await count();
        for (let i = 0; i < 40 && now !== last; i++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          [last, now] = [now, await count()];
        }
        return now;
      };
      const before = await settled();
      const started = Date.now();
      const res = await n8n.call('fn-many', { count: 1000 }, { timeoutMs: 300_000 });
      const ms = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ calls: 1000, ok: 1000 });
      // The caller's connections close when its node finishes; give the server a moment to see it.
      const after = await settled();
      log(line('clients', mode, { calls: 1000, ok: res.body.ok, lost: 1000 - res.body.ok, duplicated: 0 }, ` redis_clients_before=${before} after=${after} calls_per_s=${(1000 / (ms / 1000)).toFixed(0)}`));
      expect(after).toBe(before);
    });

    it('8. an AI Agent calls a function as a tool: n8n\'s tool wrapper offers Call Function with its description and a parameter from $fromAI, and the answer reaches the agent', async () => {
      const model = new ScriptedModel({ n: 21 });
      const baseUrl = await model.start();
      try {
        const cookie = await ownerSession(n8n.baseUrl);
        const created = await fetch(`${n8n.baseUrl}/rest/credentials`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Scripted model', type: 'openAiApi', data: { apiKey: 'scripted', url: baseUrl } }),
        });
        const credential = ((await created.json()) as { data: { id: string; name: string } }).data;
        expect(created.status, JSON.stringify(credential)).toBe(200);
        const api = { 'X-N8N-API-KEY': stack.current!.apiKey!, 'content-type': 'application/json' };
        const workflow = await fetch(`${n8n.baseUrl}/api/v1/workflows`, { method: 'POST', headers: api, body: JSON.stringify(agentWorkflow({ id: credential.id, name: credential.name })) });
        const { id } = (await workflow.json()) as { id: string };
        expect(workflow.status).toBe(200);
        const published = await fetch(`${n8n.baseUrl}/api/v1/workflows/${id}/activate`, { method: 'POST', headers: api });
        expect(published.status, await published.clone().text()).toBe(200);
        await n8n.waitForWebhooks(['agent-double']);
        const bookmark = await n8n.lastExecutionId();

        const res = await n8n.call('agent-double', { n: 21 });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        // The tool as the model was offered it: our description, and `n` a number, from $fromAI.
        const offered = model.requests[0].tools!.map((t) => t.function);
        expect(offered).toHaveLength(1);
        expect(offered[0].description).toBe(AGENT_TOOL_DESCRIPTION);
        expect(offered[0].parameters?.properties?.n).toMatchObject({ type: 'number', description: 'the number to double' });
        // The model's tool call ran the function once, with the model's argument.
        expect(model.requests).toHaveLength(2);
        const toolAnswer = model.requests[1].messages.find((m) => m.role === 'tool');
        expect(JSON.stringify(toolAnswer)).toContain('doubled');
        expect(JSON.stringify(toolAnswer)).toContain('42');
        expect(JSON.stringify(res.body)).toContain('The function answered:');
        const functionRuns = await executionsSince(IDS.double, bookmark, 1);
        expect(functionRuns).toBe(1);
        log(`functions 8 agent-tool: mode=${mode} tool=${offered[0].name} model_turns=${model.requests.length} function_executions=${functionRuns} answer_has_result=${JSON.stringify(res.body).includes('42')}`);
      } finally {
        await model.stop();
      }
    });

    it('last: the package updates and uninstalls through n8n\'s installer, on main and on every worker', async () => {
      const { registry, packageApiKey, nodePackage, dir } = stack.current!;
      const name = nodePackage!.packageName;
      const from = nodePackage!.installedVersion;
      const to = from.replace(/\d+$/, (patch) => String(Number(patch) + 1)); // the next patch release
      await registry!.publish(await packNodePackage(join(dir, 'packages'), to));
      const updated = await updateThroughN8n(n8n, packageApiKey, name, to);
      expect(updated.installedVersion).toBe(to);
      expect(installedVersionIn(n8n.userFolder, name)).toBe(to);
      for (const worker of n8n.workers) expect(installedVersionIn(worker.userFolder, name), worker.name).toBe(to);
      // The reloaded nodes serve calls (in queue mode on the workers, which installed it themselves).
      const call = await n8n.call('fn-double', { n: 4 });
      expect(call.status).toBe(200);
      expect(call.body.functionResult).toEqual({ n: 4, doubled: 8 });
      log(`package: updated_via=${INSTALL_ROUTE} from=${from} to=${to} mode=${mode} workers=${n8n.workers.length} call_after_update=ok`);

      await uninstallThroughN8n(n8n, packageApiKey, name);
      expect((await listedPackages(n8n, packageApiKey)).map((p) => p.packageName)).not.toContain(name);
      expect(installedVersionIn(n8n.userFolder, name)).toBeUndefined();
      for (const worker of n8n.workers) expect(installedVersionIn(worker.userFolder, name), worker.name).toBeUndefined();
      const cookie = await ownerSession(n8n.baseUrl);
      const types = (await (await fetch(`${n8n.baseUrl}/types/nodes.json`, { headers: { cookie } })).json()) as Array<{ name: string }>;
      expect(types.filter((t) => t.name.startsWith(`${name}.`))).toEqual([]);
      log(`package: uninstalled_via=${INSTALL_ROUTE} mode=${mode} main=absent workers=${n8n.workers.length ? 'absent' : 'none'} node_types=0`);
    });
  });
}
