import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { PRIMITIVE_NAMES, PRIMITIVE_MARKER, PRIMITIVES, primitiveJson } from '../../src/primitives/index.js';
import { WorkflowGraph } from '../../src/workflow/graph.js';
import { checkNodeParameters } from '../support/node-descriptions.js';

const templates = Object.fromEntries(
  PRIMITIVE_NAMES.map((name) => [name, readFileSync(new URL(`../../templates/${name}.json`, import.meta.url), 'utf8')]),
);

describe('templates/', () => {
  it.each(PRIMITIVE_NAMES)('%s.json is exactly what the builder produces', (name) => {
    expect(primitiveJson(name)).toBe(templates[name]);
  });

  it('the serialized Code-node bodies are up to date with src/primitives/code/*.js', () => {
    const result = spawnSync(process.execPath, ['scripts/gen-code-bodies.mjs', '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('building twice gives the same bytes (no timestamps, fixed ids)', () => {
    for (const name of PRIMITIVE_NAMES) expect(primitiveJson(name)).toBe(primitiveJson(name));
  });
});

describe.each(PRIMITIVE_NAMES)('primitive %s', (name) => {
  const workflow = JSON.parse(templates[name]);
  const graph = new WorkflowGraph(workflow);

  it('has the expected node count', () => {
    const expected = { lock_acquisition: 15, lock_release: 8, error_handler_lock_cleanup: 9, rate_limit_check: 4, rate_limit_sliding: 5 }[name];
    expect(workflow.nodes).toHaveLength(expected);
  });

  it('has the envelope name/nodes/connections/settings and nothing else', () => {
    expect(Object.keys(workflow)).toEqual(['name', 'nodes', 'connections', 'settings']);
    expect(workflow.settings).toEqual({ executionOrder: 'v1' });
  });

  it('uses only stock node types in versions n8n declares, with declared parameters', () => {
    for (const node of workflow.nodes) expect(checkNodeParameters(node), node.name).toEqual([]);
  });

  it('has unique node names and unique UUID ids', () => {
    const names = workflow.nodes.map((n: any) => n.name);
    const ids = workflow.nodes.map((n: any) => n.id);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('connects only existing nodes and reaches every node from its trigger', () => {
    expect(graph.danglingEdges()).toEqual([]);
    const triggers = graph.triggers();
    expect(triggers).toHaveLength(1);
    expect(graph.reachableFrom([triggers[0].name]).size).toBe(workflow.nodes.length);
  });

  it('gives every Redis node the credential placeholders', () => {
    for (const node of workflow.nodes.filter((n: any) => n.type === 'n8n-nodes-base.redis')) {
      expect(node.credentials).toEqual({
        redis: { id: '{{@:env:credentials.redis.id}}', name: '{{@:env:credentials.redis.name}}' },
      });
      if (['get', 'set'].includes(node.parameters.operation)) expect(node.parameters.keyType).toBe('string');
    }
  });

  it('starts every Code-node body with the primitive marker', () => {
    const code = workflow.nodes.filter((n: any) => n.type === 'n8n-nodes-base.code');
    expect(code.length).toBeGreaterThan(0);
    for (const node of code) {
      expect(node.parameters.jsCode.split('\n')[0]).toBe(PRIMITIVE_MARKER);
      expect(node.parameters.language).toBe('javaScript');
    }
  });

  it('writes every If as v2.2 with one strict boolean condition (filter version 2)', () => {
    for (const node of workflow.nodes.filter((n: any) => n.type === 'n8n-nodes-base.if')) {
      expect(node.typeVersion).toBe(2.2);
      const { conditions } = node.parameters;
      expect(conditions.options).toEqual({ caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 });
      expect(conditions.conditions).toHaveLength(1);
      expect(conditions.conditions[0].operator).toEqual({ type: 'boolean', operation: 'true', singleValue: true });
      expect(conditions.conditions[0].leftValue).toMatch(/^=\{\{ .+ \}\}$/);
    }
  });

  it('sets no errorWorkflow of its own (a failure would be handled twice)', () => {
    expect(workflow.settings.errorWorkflow).toBeUndefined();
  });
});

describe('lock_acquisition topology', () => {
  const workflow = JSON.parse(templates.lock_acquisition);
  const graph = new WorkflowGraph(workflow);

  it('reads the lock (GET) before it ever increments it', () => {
    // Walk from the trigger in BFS order until the first Redis node.
    const queue = [graph.triggers()[0].name];
    const seen = new Set<string>();
    let firstRedis: any;
    while (queue.length && !firstRedis) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const node = graph.node(name)!;
      if (node.type === 'n8n-nodes-base.redis') firstRedis = node;
      queue.push(...graph.successors(name));
    }
    expect(firstRedis.name).toBe('GET Lock');
    expect(firstRedis.parameters.operation).toBe('get');
  });

  it('wires the contract of primitives.md', () => {
    expect(graph.outputs('Lock Free?')).toEqual([['INCR Acquire Attempt'], ['Should Wait?']]);
    expect(graph.outputs('Acquired?')).toEqual([['Set Lock Meta'], ['Should Wait?']]);
    expect(graph.outputs('Should Wait?')).toEqual([['Deadline Passed?'], ['Fail Fast — Lock Held']]);
    expect(graph.outputs('Deadline Passed?')).toEqual([['Wait Timeout — Stop'], ['Wait Before Poll']]);
    expect(graph.successors('Wait Before Poll')).toEqual(['GET Lock']);
    expect(graph.terminals(['Execute Workflow Trigger']).sort()).toEqual(['Build Acquire Output', 'Fail Fast — Lock Held', 'Wait Timeout — Stop']);
  });

  it('INCRs and SETs the sidecar with expire and the caller TTL; the Wait polls in seconds', () => {
    const incr = graph.node('INCR Acquire Attempt')!;
    expect(incr.parameters).toMatchObject({ operation: 'incr', expire: true, ttl: '={{ $json.ttl_seconds }}' });
    const meta = graph.node('Set Lock Meta')!;
    expect(meta.parameters).toMatchObject({ operation: 'set', keyType: 'string', expire: true, key: '={{ $json.meta_key }}' });
    const wait = graph.node('Wait Before Poll')!;
    expect(wait.parameters).toEqual({ amount: '={{ $json.poll_seconds }}', unit: 'seconds' });
    expect(wait.webhookId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('declares the caller inputs with native types', () => {
    const trigger = graph.node('Execute Workflow Trigger')!;
    expect(trigger.typeVersion).toBe(1.1);
    expect((trigger.parameters as any).workflowInputs.values).toEqual([
      { name: 'scope', type: 'string' },
      { name: 'ttl_seconds', type: 'number' },
      { name: 'execution_id', type: 'string' },
      { name: 'wait_till_lock_released', type: 'boolean' },
      { name: 'max_wait_seconds', type: 'number' },
      { name: 'lock_id', type: 'string' },
      { name: 'workflow_id', type: 'string' },
      { name: 'workflow_name', type: 'string' },
      { name: 'poll_seconds', type: 'number' },
    ]);
  });
});

describe('lock_release topology', () => {
  const graph = new WorkflowGraph(JSON.parse(templates.lock_release));
  it('deletes the sidecar before the counter, and stops on a mismatch', () => {
    expect(graph.outputs('Owner?')).toEqual([['DEL Lock Meta'], ['Ownership Mismatch — Stop']]);
    expect(graph.successors('DEL Lock Meta')).toEqual(['DEL Lock Counter']);
    expect(graph.node('Ownership Mismatch — Stop')!.parameters).toEqual({ errorMessage: '={{ $json.message }}' });
    expect(graph.node('DEL Lock Meta')!.parameters.key).toBe(
      "={{ $('Verify Ownership').first().json.idempotent ? $('Build Release Context').first().json.key + ':nothing-to-release' : $('Build Release Context').first().json.meta_key }}",
    );
    expect(graph.node('DEL Lock Counter')!.parameters.key).toBe(
      "={{ $('Verify Ownership').first().json.idempotent ? $('Build Release Context').first().json.key + ':nothing-to-release' : $('Build Release Context').first().json.key }}",
    );
  });
});

describe('error_handler_lock_cleanup topology', () => {
  const workflow = JSON.parse(templates.error_handler_lock_cleanup);
  const graph = new WorkflowGraph(workflow);
  it('holds the lockScopes placeholder as a constant and deletes meta before counter', () => {
    expect(graph.node('Prepare Scope List')!.parameters.jsCode).toContain('const LOCK_SCOPES = {{@:env:lockScopes}};');
    expect(graph.outputs('Owned?')).toEqual([['DEL Owned Meta'], ['Log Cleanup']]);
    expect(graph.successors('DEL Owned Meta')).toEqual(['DEL Owned Counter']);
    expect(graph.node('Error Trigger')!.type).toBe('n8n-nodes-base.errorTrigger');
  });
  it('finds every sidecar with one KEYS (names only) before preparing the scope list', () => {
    expect(graph.successors('Error Trigger')).toEqual(['Find Lock Sidecars']);
    expect(graph.successors('Find Lock Sidecars')).toEqual(['Prepare Scope List']);
    // No If between: zero items from Prepare Scope List end the run (n8n runs no node on none).
    expect(graph.successors('Prepare Scope List')).toEqual(['GET Scope Meta']);
    expect(graph.node('Find Lock Sidecars')!.parameters).toEqual({ operation: 'keys', keyPattern: 'n8n-lock-*:meta', getValues: false });
  });
});

describe('registry', () => {
  it('describes every primitive', () => {
    for (const name of PRIMITIVE_NAMES) {
      expect(PRIMITIVES[name].description.length).toBeGreaterThan(10);
      expect(PRIMITIVES[name].build().name).toBe(PRIMITIVES[name].displayName);
    }
  });
});

describe('the node-description check itself', () => {
  it('rejects undeclared parameters, bad option values and unknown versions', () => {
    expect(checkNodeParameters({ type: 'n8n-nodes-base.redis', typeVersion: 1, parameters: { operation: 'get', bogus: 1 } })).toHaveLength(1);
    expect(checkNodeParameters({ type: 'n8n-nodes-base.redis', typeVersion: 1, parameters: { operation: 'eval' } })).toHaveLength(1);
    // ttl is only visible with expire: true
    expect(checkNodeParameters({ type: 'n8n-nodes-base.redis', typeVersion: 1, parameters: { operation: 'incr', key: 'k', ttl: 5 } })).toHaveLength(1);
    expect(checkNodeParameters({ type: 'n8n-nodes-base.if', typeVersion: 9, parameters: {} })).toHaveLength(1);
  });
});
