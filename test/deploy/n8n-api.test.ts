// N8nApi.getWorkflows against a real HTTP server standing in for n8n's GET /api/v1/workflows/:id:
// a few reads in flight at once, each outcome in the order asked, whatever order the answers come in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { N8nApi, N8nApiError, READS_IN_FLIGHT, settledValue } from '../../src/deploy/n8n-api.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Answers after a delay that shrinks with the id's number, so later reads answer first. */
async function fakeN8n(answer: (id: string) => { status: number; body: unknown }): Promise<{ url: string; most: () => number; asked: string[] }> {
  let inFlight = 0;
  let most = 0;
  const asked: string[] = [];
  server = createServer((req, res) => {
    const id = decodeURIComponent(/^\/api\/v1\/workflows\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '');
    asked.push(id);
    inFlight++;
    most = Math.max(most, inFlight);
    setTimeout(() => {
      inFlight--;
      const { status, body } = answer(id);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }, 60 - Number(id.replace(/\D/g, '')));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, most: () => most, asked };
}

describe('N8nApi.getWorkflows', () => {
  it(`reads ${READS_IN_FLIGHT} at a time and gives each outcome in the order asked: a workflow, undefined for a missing one, the error for a refused one`, async () => {
    const n8n = await fakeN8n((id) =>
      id === 'w3' ? { status: 404, body: { message: 'Not Found' } } : id === 'w5' ? { status: 500, body: { message: 'boom' } } : { status: 200, body: { id, name: `Workflow ${id}` } },
    );
    const ids = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const outcomes = await new N8nApi(n8n.url, 'key').getWorkflows(ids.map((id) => ({ id, what: `read ${id}` })));
    expect(n8n.most()).toBe(READS_IN_FLIGHT);
    expect(n8n.asked.sort()).toEqual([...ids].sort());
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? (o.value?.id ?? 'missing') : (o.reason as Error).message))).toEqual(
      ids.map((id) => (id === 'w3' ? 'missing' : id === 'w5' ? 'read w5: HTTP 500: boom' : id)),
    );
    expect(outcomes[5].status === 'rejected' && outcomes[5].reason).toBeInstanceOf(N8nApiError);
    // What deploy and pull do with each, in order: the value, or the failure thrown there.
    expect([settledValue(outcomes[2])?.id, settledValue(outcomes[3])]).toEqual(['w2', undefined]);
    expect(() => settledValue(outcomes[5])).toThrow(N8nApiError);
  });

  it('fewer reads than the limit: one GET each; none: no GET', async () => {
    const n8n = await fakeN8n((id) => ({ status: 200, body: { id } }));
    const api = new N8nApi(n8n.url, 'key');
    expect(await api.getWorkflows([])).toEqual([]);
    const outcomes = await api.getWorkflows([{ id: 'a1', what: 'read a' }, { id: 'b2', what: 'read b' }]);
    expect(outcomes).toEqual([{ status: 'fulfilled', value: { id: 'a1' } }, { status: 'fulfilled', value: { id: 'b2' } }]);
    expect(n8n.asked.sort()).toEqual(['a1', 'b2']);
  });
});

describe('N8nApi.line: which public API the n8n serves', () => {
  type Served = '2.35+' | '2.35+ without credential:list' | '2.8-2.34' | '2.0-2.7' | '1.123' | 'key refused';
  /** What each n8n answers to the line's probes, as n8n 2.41.1 and 1.123.81 answered them (the 2.x ranges as their OpenAPI files say). */
  const PROBE_ANSWERS: Record<string, (served: Served) => [number, unknown] | undefined> = {
    'GET /api/v1/credentials?limit=1': (served) =>
      served === 'key refused' ? [401, { message: 'unauthorized' }] : served === '1.123' || served === '2.0-2.7' ? [405, { message: 'GET method not allowed' }] : served === '2.35+ without credential:list' ? [403, { message: 'Forbidden' }] : [200, { data: [], nextCursor: null }],
    'POST /api/v1/workflows/n8nLockLineProbe/activate': (served) => (served === '2.0-2.7' ? [400, { message: 'request/body/versionId must be string' }] : served === '1.123' ? [404, { message: 'Not Found' }] : undefined),
    'PUT /api/v1/workflows/n8nLockLineProbe?publishIfActive=false': (served) =>
      served === '2.8-2.34' ? [400, { message: "Unknown query parameter 'publishIfActive'" }] : served.startsWith('2.35+') ? [400, { message: "request/body must have required property 'name'" }] : undefined,
  };
  const PROBES = { '2.x': ['GET /api/v1/credentials?limit=1', 'PUT /api/v1/workflows/n8nLockLineProbe?publishIfActive=false'], '1.123': ['GET /api/v1/credentials?limit=1', 'POST /api/v1/workflows/n8nLockLineProbe/activate'] };

  async function lineServer(served: Served): Promise<{ url: string; asked: string[] }> {
    const asked: string[] = [];
    server = createServer((req, res) => {
      const call = `${req.method} ${req.url}`;
      asked.push(call);
      const [status, body] = PROBE_ANSWERS[call]?.(served) ?? [200, { data: [], nextCursor: null }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, asked };
  }
  async function closeServer(): Promise<void> {
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  }

  it('1.123 and 2.35+ are told apart by the probes n8n validates before any handler runs; asked once per client', async () => {
    for (const [served, line] of [['1.123', '1.123'], ['2.35+', '2.x'], ['2.35+ without credential:list', '2.x']] as const) {
      const n8n = await lineServer(served);
      const api = new N8nApi(n8n.url, 'key');
      expect([await api.line('probe'), await api.line('probe again')]).toEqual([line, line]);
      expect(n8n.asked).toEqual(PROBES[line]);
      await closeServer();
    }
  });

  it('an n8n outside the range is refused with one line naming what it serves and the range, and nothing else is asked', async () => {
    for (const [served, found] of [['2.0-2.7', '2.0 to 2.7'], ['2.8-2.34', '2.8 to 2.34']] as const) {
      const n8n = await lineServer(served);
      const api = new N8nApi(n8n.url, 'key');
      api.lineBeforeFirstCall();
      const read = api.getWorkflow('w1', 'read w1');
      await expect(read).rejects.toThrow(N8nApiError);
      await expect(read).rejects.toThrow(new RegExp(`^http://127\\.0\\.0\\.1:\\d+ serves the public API of n8n ${found.replace(/\./g, '\\.')} \\([^)]+\\): deploy and pull support n8n 1\\.123 and n8n 2\\.35 or a later 2\\.x$`));
      expect(n8n.asked).toEqual(PROBES[served === '2.0-2.7' ? '1.123' : '2.x']);
      expect(api.answeredLine).toBeUndefined();
      await closeServer();
    }
  });

  it('the routes follow the line: 2.x writes drafts and publishes, 1.123 writes without publishIfActive (its validator refuses unknown parameters) and activates', async () => {
    for (const [served, sent] of [
      ['2.35+', ['PUT /api/v1/workflows/w1?publishIfActive=false', 'POST /api/v1/workflows/w1/publish']],
      ['1.123', ['PUT /api/v1/workflows/w1', 'POST /api/v1/workflows/w1/activate']],
    ] as const) {
      const n8n = await lineServer(served);
      const api = new N8nApi(n8n.url, 'key');
      await api.updateWorkflow('w1', { name: 'W', nodes: [], connections: {}, settings: {} }, 'update w1');
      await api.publish('w1', 'v1', 'publish w1');
      expect(n8n.asked).toEqual([...PROBES[served === '1.123' ? '1.123' : '2.x'], ...sent]);
      await closeServer();
    }
  });

  it('lineBeforeFirstCall: the line is asked once, before any other call; when asking fails, nothing else is sent and each call fails with its error', async () => {
    for (const [served, outcome] of [['1.123', 'read'], ['2.35+', 'read'], ['key refused', 'refused']] as const) {
      const n8n = await lineServer(served);
      const api = new N8nApi(n8n.url, 'key');
      api.lineBeforeFirstCall();
      const reads = await api.getWorkflows([{ id: 'w1', what: 'read w1' }, { id: 'w2', what: 'read w2' }]);
      expect(reads.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'read'))).toEqual(
        outcome === 'read' ? ['read', 'read'] : Array(2).fill(expect.stringMatching(/^read w1: n8n refused the API key \(401/)),
      );
      const probes = served === 'key refused' ? ['GET /api/v1/credentials?limit=1'] : PROBES[served === '1.123' ? '1.123' : '2.x'];
      expect(n8n.asked.slice(0, probes.length)).toEqual(probes);
      expect(n8n.asked.slice(probes.length).sort()).toEqual(outcome === 'read' ? ['GET /api/v1/workflows/w1?excludePinnedData=true', 'GET /api/v1/workflows/w2?excludePinnedData=true'] : []);
      expect(api.answeredLine).toBe(served === '1.123' ? '1.123' : served === '2.35+' ? '2.x' : undefined);
      await closeServer();
    }
  });
});
