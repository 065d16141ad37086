// n8n's public REST API (/api/v1, header X-N8N-API-KEY) as deploy and pull use it. Every failure
// becomes one line naming what was asked, what n8n said and what to do; the key never appears in
// any message. Facts: docs/research/n8n-2.41-public-api.md.
import { InputError } from '../errors.js';
import type { LiveWorkflow, WorkflowBody } from './workflow-body.js';
import { SUPPORTED_N8N } from 'n8n-lock-protocol/n8n-support';
import { API_LINES, type ApiLine } from './api-lines.js';

export type { ApiLine } from './api-lines.js';

/** A refusal by n8n or the network, already worded for the user (exit 2). */
export class N8nApiError extends InputError {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'N8nApiError';
  }
}

/** The API-key scope each call needs (n8n answers a missing one with a bare 403 "Forbidden"). */
const SCOPE = {
  list: 'workflow:list',
  read: 'workflow:read',
  create: 'workflow:create',
  update: 'workflow:update',
  publish: 'workflow:activate',
  delete: 'workflow:delete',
  unpublish: 'workflow:deactivate',
  credentials: 'credential:list',
  execution: 'execution:read',
} as const;

/**
 * A workflow id no one has (ids are 16 random characters): the line probes name it in requests that
 * n8n's validator refuses, or its handler answers 404, without anything being written.
 */
const PROBE_WORKFLOW_ID = 'n8nLockLineProbe';

/** How long deleteWorkflow waits for n8n to finish unpublishing a workflow before it gives up. */
const UNPUBLISH_WAIT_MS = 15_000;

/** The fields of n8n's execution that say whether it still runs (ExecutionPublicDto). */
export interface LiveExecution {
  id: string;
  status: string;
  startedAt: string | null;
  stoppedAt: string | null;
  waitTill: string | null;
}

/** Workflow reads in flight at once: a few, as a browser opens to one host, not one per workflow. */
export const READS_IN_FLIGHT = 8;

/** The value of one of getWorkflows' outcomes, or its failure thrown, where the caller meets it. */
export function settledValue<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

export interface Credential {
  id: string;
  name: string;
  type: string;
}

/** A published workflow as the list route returns it: the published version's nodes are what n8n serves. */
export interface PublishedWorkflow {
  id: string;
  name: string;
  nodes: Array<Record<string, unknown>>;
  activeVersion?: { nodes?: Array<Record<string, unknown>> } | null;
}

export interface RequestOptions {
  /** What the call is for, in the error line ("create lock_release"). */
  what: string;
  scope?: string;
  /** Statuses returned to the caller instead of thrown. */
  accept?: number[];
  /** Sent without first asking the line (the line probe itself). */
  unguarded?: boolean;
}

export class N8nApi {
  readonly base: string;
  private knownLine: Promise<ApiLine> | undefined;
  /** The line once n8n has answered line(); undefined before (or when it was never asked). */
  answeredLine: ApiLine | undefined;
  private lineFirst = false;

  constructor(url: string, private readonly apiKey: string, private readonly timeoutMs = 30_000) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new InputError(`n8n URL ${JSON.stringify(url)} is not a URL (expected e.g. https://n8n.example.com)`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new InputError(`n8n URL ${url}: only http and https are supported`);
    if (parsed.username || parsed.password) throw new InputError('n8n URL: credentials in the URL are not supported; the API key comes from N8N_API_KEY or --api-key-file');
    this.base = parsed.origin + parsed.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  }

  /** One call: the network failure worded once, the answer parsed as JSON when it is JSON. */
  /**
   * Asks the line (line()) before this client's first call to n8n; every call waits for it and
   * fails with its error. Deploy plans for the line it found this way, while a run that needs
   * nothing from n8n (a dry run that only creates) still asks nothing.
   */
  lineBeforeFirstCall(): void {
    this.lineFirst = true;
  }

  private async send(method: string, path: string, body: string | FormData | undefined, what: string, timeoutMs = this.timeoutMs, unguarded = false): Promise<{ res: Response; json: any }> {
    if (this.lineFirst && !unguarded) await this.line(what);
    let res: Response;
    try {
      res = await fetch(`${this.base}/api/v1${path}`, {
        method,
        headers: { 'X-N8N-API-KEY': this.apiKey, accept: 'application/json', ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : cause?.code ?? cause?.message ?? (error as Error).message;
      throw new N8nApiError(`${what}: cannot reach n8n at ${this.base} (${why})`);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { res, json };
  }

  async request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<{ status: number; json: T }> {
    const { res, json } = await this.send(method, path, body === undefined ? undefined : JSON.stringify(body), options.what, this.timeoutMs, options.unguarded);
    if (options.accept?.includes(res.status)) return { status: res.status, json };
    if (res.ok) {
      if (json === undefined) throw new N8nApiError(`${options.what}: ${this.base}/api/v1 answered ${res.status} without JSON: is ${this.base} an n8n with its public API (the n8n URL without /api/v1)?`, res.status);
      return { status: res.status, json };
    }
    throw new N8nApiError(`${options.what}: ${this.explain(res.status, json, options)}`, res.status);
  }

  private explain(status: number, json: any, options: RequestOptions): string {
    const said = typeof json?.message === 'string' ? json.message : undefined;
    switch (status) {
      case 401:
        return `n8n refused the API key (401 ${said ?? 'Unauthorized'}): a wrong, revoked or expired key, or the public API is disabled (N8N_PUBLIC_API_DISABLED)`;
      case 403:
        if (json?.reason === 'insufficient_api_key_scope') return `403: ${said} (give the key the workflow:activate scope)`;
        return `n8n refused the call (403 ${said ?? 'Forbidden'}): the API key lacks the scope ${options.scope ?? '(unknown)'}, or its user may not do this in the project`;
      case 404:
        if (said === undefined) return `${this.base}/api/v1 has no such route (404): the public API is disabled or not served there (check the URL and N8N_PUBLIC_API_ENDPOINT)`;
        return `404 ${said}`;
      case 400:
        return `n8n rejected it (400): ${said ?? JSON.stringify(json)}`;
      default:
        return `HTTP ${status}${said ? `: ${said}` : ''}`;
    }
  }

  /**
   * Every item of a list route: n8n pages with a cursor, at most 250 items a page. `filters`
   * (`&active=true`) go with every page: n8n's cursor holds only the offset and the limit.
   */
  private async all<T>(path: string, filters: string, options: RequestOptions): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    do {
      const query = cursor ? `?cursor=${encodeURIComponent(cursor)}${filters}` : `?limit=250${filters}`;
      const { json } = await this.request<{ data: T[]; nextCursor: string | null }>('GET', `${path}${query}`, undefined, options);
      out.push(...json.data);
      cursor = json.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }

  /** One workflow; undefined when n8n has no workflow with this id. */
  async getWorkflow(id: string, what: string): Promise<LiveWorkflow | undefined> {
    const { status, json } = await this.request<LiveWorkflow & { message?: string }>('GET', `/workflows/${encodeURIComponent(id)}?excludePinnedData=true`, undefined, { what, scope: SCOPE.read, accept: [404] });
    if (status === 404) {
      if (json?.message === undefined) await this.probe(what);
      return undefined;
    }
    return json;
  }

  /** One execution, without its data; undefined when n8n answers 404 (no such row, or one the key may not read). */
  async getExecution(id: string, what: string): Promise<LiveExecution | undefined> {
    const { status, json } = await this.request<LiveExecution & { message?: string }>('GET', `/executions/${encodeURIComponent(id)}`, undefined, { what, scope: SCOPE.execution, accept: [404] });
    // n8n's own 404 carries {message}; a bare one is a route that is not there (public API off).
    if (status === 404 && json?.message === undefined) throw new N8nApiError(`${what}: ${this.explain(404, json, { what })}`, 404);
    return status === 404 ? undefined : json;
  }

  /**
   * Several workflows, READS_IN_FLIGHT GETs at a time, each read's outcome in the order asked (a
   * value of undefined where n8n has no such workflow). One GET at a time made a deploy or pull of
   * N workflows N round trips long: on a remote n8n that is the whole run. Outcomes, not values:
   * the caller meets a failure where the sequential loop met it, so the error it reports does not
   * depend on which answer came first.
   */
  async getWorkflows(reads: Array<{ id: string; what: string }>): Promise<Array<PromiseSettledResult<LiveWorkflow | undefined>>> {
    const outcomes: Array<PromiseSettledResult<LiveWorkflow | undefined>> = new Array(reads.length);
    let next = 0;
    const reader = async () => {
      for (let i = next++; i < reads.length; i = next++) {
        outcomes[i] = await this.getWorkflow(reads[i].id, reads[i].what).then(
          (value) => ({ status: 'fulfilled', value }) as const,
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, reads.length) }, reader));
    return outcomes;
  }

  /** A 404 without n8n's JSON is a missing route, not a missing workflow: say so. */
  private async probe(what: string): Promise<void> {
    await this.request('GET', '/workflows?limit=1', undefined, { what, scope: SCOPE.list });
  }

  async createWorkflow(body: WorkflowBody, what: string): Promise<LiveWorkflow> {
    return (await this.request<LiveWorkflow>('POST', '/workflows', body, { what, scope: SCOPE.create })).json;
  }

  /**
   * PUT without re-publishing on 2.x (publishIfActive=false): deploy publishes last, callees first.
   * 1.123 knows no such parameter (its validator refuses unknown ones), and makes a write to an
   * active workflow live at once.
   */
  async updateWorkflow(id: string, body: WorkflowBody, what: string): Promise<LiveWorkflow> {
    const draft = API_LINES[await this.line(what)].goesLive === 'publish' ? '?publishIfActive=false' : '';
    return (await this.request<LiveWorkflow>('PUT', `/workflows/${encodeURIComponent(id)}${draft}`, body, { what, scope: SCOPE.update })).json;
  }

  /**
   * The API line, asked once. n8n says its version only to a logged-in user, never to an API key;
   * what tells the lines apart is its routes, asked so that n8n's request validator answers before
   * any handler runs (docs/deploy.md#supported-n8n-versions):
   * - GET /credentials: 1.123 and 2.0 to 2.7 answer 405 (their public API cannot list credentials),
   *   later 2.x the list or a 403.
   * - Of those that answer 405, 2.0 to 2.7 take a version in the activate body and refuse one that
   *   is not a string (400); 1.123's activate takes no body and answers 404 for a workflow no one has.
   * - Of the others, 2.8 to 2.34 refuse `publishIfActive` as an unknown query parameter; 2.35 and
   *   later refuse the empty body instead.
   * An n8n outside SUPPORTED_N8N is refused here (exit 2), before deploy or pull reads anything.
   */
  line(what: string): Promise<ApiLine> {
    this.knownLine ??= this.askLine(what).then((line) => (this.answeredLine = line));
    return this.knownLine;
  }

  private async askLine(what: string): Promise<ApiLine> {
    const probe = { what, unguarded: true };
    const credentials = await this.request('GET', '/credentials?limit=1', undefined, { ...probe, scope: SCOPE.credentials, accept: [403, 405] });
    if (credentials.status === 405) {
      const activate = await this.request<{ message?: string }>('POST', `/workflows/${PROBE_WORKFLOW_ID}/activate`, { versionId: 0 }, { ...probe, scope: SCOPE.publish, accept: [400, 403, 404] });
      if (activate.status === 400) throw this.outOfRange('2.0 to 2.7', 'it activates versions but has no publish route');
      return '1.123';
    }
    const update = await this.request<{ message?: string }>('PUT', `/workflows/${PROBE_WORKFLOW_ID}?publishIfActive=false`, {}, { ...probe, scope: SCOPE.update, accept: [400, 403, 404] });
    if (update.status === 400 && /publishIfActive/.test(update.json?.message ?? '')) throw this.outOfRange('2.8 to 2.34', 'it has no publishIfActive, so every write to a published workflow goes live at once');
    return '2.x';
  }

  /** Said the same whichever step asked first: it is about the n8n, not the step. */
  private outOfRange(found: string, why: string): N8nApiError {
    return new N8nApiError(`${this.base} serves the public API of n8n ${found} (${why}): deploy and pull support ${SUPPORTED_N8N}`);
  }

  /** Makes `versionId` the version n8n runs: 2.x publishes it, 1.123 activates the workflow. */
  async publish(id: string, versionId: string | undefined, what: string): Promise<LiveWorkflow> {
    const route = API_LINES[await this.line(what)].goesLive;
    return (await this.request<LiveWorkflow>('POST', `/workflows/${encodeURIComponent(id)}/${route}`, versionId ? { versionId } : {}, { what, scope: SCOPE.publish })).json;
  }

  /** Every published (active) workflow the key's user may read; needs workflow:list. */
  async listPublishedWorkflows(what: string): Promise<PublishedWorkflow[]> {
    return this.all<PublishedWorkflow>('/workflows', '&active=true&excludePinnedData=true', { what, scope: SCOPE.list });
  }

  /**
   * Deletes a workflow; false when n8n has no such workflow. n8n 2.41 refuses to delete a published
   * one (409 "Unpublish it before deleting"): it is unpublished first, then deleted.
   */
  async deleteWorkflow(id: string, what: string): Promise<boolean> {
    const path = `/workflows/${encodeURIComponent(id)}`;
    const first = await this.request('DELETE', path, undefined, { what, scope: SCOPE.delete, accept: [404, 409] });
    if (first.status !== 409) return first.status !== 404;
    await this.request('POST', `${path}/unpublish`, undefined, { what: `${what} (unpublish)`, scope: SCOPE.unpublish });
    // n8n unpublishes in the background and answers 409 "still being unpublished" meanwhile
    // (measured: under a second on a local n8n 2.41); asked again for up to UNPUBLISH_WAIT_MS.
    const started = Date.now();
    for (;;) {
      const again = await this.request('DELETE', path, undefined, { what, scope: SCOPE.delete, accept: Date.now() - started < UNPUBLISH_WAIT_MS ? [409] : [] });
      if (again.status !== 409) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async listCredentials(what: string): Promise<Credential[]> {
    return this.all<Credential>('/credentials', '', { what, scope: SCOPE.credentials });
  }

  /**
   * Imports an n8n package (beta in n8n 2.41): our workflow ids kept, a workflow that exists
   * becomes a new version, a missing node type or credential blocks the whole import before
   * anything is written, publishing follows each workflow's metadata. 'unavailable' when this n8n
   * has no such route (404) or the key lacks `workflow:import` (403): nothing was written.
   */
  async importPackage(archive: Buffer, what: string): Promise<{ imported: true; workflows: Array<{ localId: string; status: string }> } | { imported: false; why: string }> {
    const form = new FormData();
    form.append('package', new Blob([new Uint8Array(archive)], { type: 'application/gzip' }), 'deploy.n8np');
    for (const [field, value] of Object.entries({
      workflowConflictPolicy: 'new-version',
      workflowIdPolicy: 'source',
      missingNodeTypeMode: 'fail',
      credentialMatchingMode: 'id-only',
      credentialMissingMode: 'must-preexist',
      workflowPublishingPolicy: 'match-source',
    })) form.append(field, value);
    // A package of many workflows takes n8n longer than one call.
    const { res, json } = await this.send('POST', '/n8n-packages/import', form, what, this.timeoutMs * 4);
    if (res.status === 404) return { imported: false, why: 'this n8n has no package import (POST /api/v1/n8n-packages/import)' };
    if (res.status === 403) return { imported: false, why: 'the API key lacks the scope workflow:import' };
    if (res.ok && Array.isArray(json?.workflows)) return { imported: true, workflows: json.workflows };
    if (res.status === 422 && Array.isArray(json?.issues)) {
      const issues = (json.issues as Array<Record<string, unknown>>).map((i) => [i.type, i.nodeType ?? i.name ?? i.id, i.usedByWorkflows ? `in ${(i.usedByWorkflows as string[]).join(', ')}` : ''].filter(Boolean).join(' '));
      throw new N8nApiError(`${what}: n8n blocked the import (422): ${issues.join('; ')}`, 422);
    }
    throw new N8nApiError(`${what}: ${this.explain(res.status, json, { what, scope: 'workflow:import' })}`, res.status);
  }

  /** True when the instance knows a credential type (a community package's types exist only when it is loaded). */
  async hasCredentialType(type: string, what: string): Promise<boolean> {
    const { status } = await this.request('GET', `/credentials/schema/${encodeURIComponent(type)}`, undefined, { what, accept: [404] });
    return status === 200;
  }
}
