// The dashboard page: Preact (through htm's tagged templates, so no JSX step) rendering the state the
// server sends as server-sent events, a search by scope and a page of locks kept in the URL, and
// the actions: a dialog that shows unlock's dry run before it is confirmed, and retry dead jobs.
import { h, render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import type { PageConfig } from '../html.js';
import type { DashboardPage, HolderView, LockRow, QueueRow, SemaphoreRow } from '../view.js';
import { Chart } from './chart.js';
import { duration, ttl } from './format.js';

const html = htm.bind(h);
const config = JSON.parse(document.getElementById('config')!.textContent!) as PageConfig;
const TOKEN_KEY = 'n8n-lock-dashboard-token';
const OPERATOR_KEY = 'n8n-lock-dashboard-operator';

interface Query {
  q: string;
  page: number;
}

function queryFromUrl(): Query {
  const params = new URLSearchParams(location.search);
  return { q: params.get('q') ?? '', page: Math.max(1, Number(params.get('page')) || 1) };
}

/** The state stream for one query; reconnects (EventSource does) while the server is away. */
function useStream(query: Query): { page: DashboardPage | null; connected: boolean } {
  const [page, setPage] = useState<DashboardPage | null>(null);
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    const params = new URLSearchParams({ q: query.q, page: String(query.page) });
    const source = new EventSource(`/events?${params}`);
    source.addEventListener('state', (event) => {
      setPage(JSON.parse((event as MessageEvent).data));
      setConnected(true);
    });
    source.onerror = () => setConnected(false);
    return () => source.close();
  }, [query.q, query.page]);
  return { page, connected };
}

interface Pending {
  kind: 'unlock';
  scope: string;
  lockId: string;
  holder: string;
  preview?: { lines: string[]; ok: boolean; needsForce: boolean; outcome: string | null };
  result?: { lines: string[]; ok: boolean };
  busy?: boolean;
  error?: string;
}

async function post(path: string, token: string, body: Record<string, unknown>): Promise<{ status: number; json: any }> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-n8n-lock-token': token }, body: JSON.stringify(body), credentials: 'same-origin' });
  let json: any = {};
  try {
    json = await response.json();
  } catch {
    json = { error: `HTTP ${response.status}` };
  }
  return { status: response.status, json };
}

const holderText = (holder: HolderView | null) => (holder ? `${holder.workflowName ?? '?'} (workflow ${holder.workflowId ?? '?'}, execution ${holder.executionId ?? '?'})` : 'unknown holder');

function Execution({ holder }: { holder: HolderView | null }) {
  if (!holder?.executionId) return html`<span>—</span>`;
  return holder.executionUrl ? html`<a href=${holder.executionUrl} target="_blank" rel="noopener noreferrer">#${holder.executionId}</a>` : html`<span>#${holder.executionId}</span>`;
}

function Workflow({ holder }: { holder: HolderView | null }) {
  if (!holder) return html`<span class="muted">no readable sidecar</span>`;
  return html`<span>${holder.workflowName ?? '?'}</span> <span class="muted">${holder.workflowId ?? ''}</span>`;
}

function Flags({ flags }: { flags: string[] }) {
  return flags.length ? html`${flags.map((flag) => html`<span class="flag">${flag}</span> `)}` : html`<span class="muted">—</span>`;
}

function SectionCount({ shown, matching, total, search }: { shown: number; matching: number; total: number; search: string }) {
  if (total === 0) return html`<span class="muted">none</span>`;
  const of = search ? `${matching} matching of ${total}` : `${total}`;
  return html`<span class="muted">${shown < matching ? `${shown} shown, ` : ''}${of}</span>`;
}

function App() {
  const [query, setQuery] = useState<Query>(queryFromUrl);
  const [search, setSearch] = useState(query.q);
  const { page, connected } = useStream(query);
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY) ?? '');
  const [operator, setOperator] = useState(() => sessionStorage.getItem(OPERATOR_KEY) ?? '');
  const [tokenDraft, setTokenDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [announce, setAnnounce] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const actions = config.actions && token !== '';

  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== query.q) go({ q: search, page: 1 });
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) dialog.current.showModal();
    if (!pending && dialog.current?.open) dialog.current.close();
  }, [pending]);

  function go(next: Query) {
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.page > 1) params.set('page', String(next.page));
    history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    setQuery(next);
  }

  async function previewUnlock(scope: string, holder: HolderView) {
    const next: Pending = { kind: 'unlock', scope, lockId: holder.lockId, holder: holderText(holder), busy: true };
    setPending(next);
    const { status, json } = await post('/api/unlock/preview', token, { scope, lockId: holder.lockId, operator });
    if (status !== 200) setPending({ ...next, busy: false, error: json.error ?? `HTTP ${status}` });
    else setPending({ ...next, busy: false, preview: json });
  }

  async function confirmUnlock() {
    if (!pending?.preview) return;
    setPending({ ...pending, busy: true });
    const { status, json } = await post('/api/unlock', token, { scope: pending.scope, lockId: pending.lockId, force: pending.preview.needsForce, operator });
    const result = status === 200 ? { lines: json.lines as string[], ok: Boolean(json.ok) } : { lines: [json.error ?? `HTTP ${status}`], ok: false };
    setPending({ ...pending, busy: false, result });
    setAnnounce(result.ok ? `Unlocked ${pending.scope}.` : `Not unlocked: ${result.lines[result.lines.length - 1] ?? ''}`);
  }

  async function retryDead(queue: QueueRow) {
    if (!confirm(`Move the ${queue.dead} dead job(s) of "${queue.name}" back to the queue?`)) return;
    const { status, json } = await post('/api/queues/retry', token, { queue: queue.name, operator });
    setAnnounce(status === 200 ? json.lines.join(' ') : `Retry failed: ${json.error ?? `HTTP ${status}`}`);
  }

  function useToken(event: Event) {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, tokenDraft);
    sessionStorage.setItem(OPERATOR_KEY, operator);
    setToken(tokenDraft);
    setTokenDraft('');
    setAnnounce('Token kept for this tab: the unlock controls are shown.');
  }

  function forgetToken() {
    sessionStorage.removeItem(TOKEN_KEY);
    setToken('');
  }

  const unlockButton = (scope: string, holder: HolderView | null) =>
    actions && holder ? html`<button type="button" class="action" onClick=${() => previewUnlock(scope, holder)} aria-label=${`Unlock ${scope} (lock_id ${holder.lockId})`}>Unlock…</button>` : null;

  const lockRow = (lock: LockRow) => html`<tr key=${lock.scope}>
    <th scope="row" class="scope">${lock.scope}</th>
    <td><${Workflow} holder=${lock.holder} /></td>
    <td><${Execution} holder=${lock.holder} /></td>
    <td>${duration(lock.holder?.ageMs)}</td>
    <td>${ttl(lock.ttlMs)}</td>
    <td>${lock.fence ?? '—'}</td>
    <td><abbr title=${page?.waitersNote ?? ''}>?</abbr></td>
    <td><${Flags} flags=${lock.flags} /></td>
    ${config.actions ? html`<td>${unlockButton(lock.scope, lock.holder)}</td>` : null}
  </tr>`;

  const semaphoreRow = (s: SemaphoreRow) => html`<tr key=${s.scope}>
    <th scope="row" class="scope">${s.scope}</th>
    <td>${s.held}/${s.max ?? '?'}</td>
    <td><ul class="holders">${s.holders.map((holder) => html`<li key=${holder.lockId}><${Workflow} holder=${holder} /> <${Execution} holder=${holder} /> <span class="muted">held ${duration(holder.ageMs)}, TTL ${ttl(holder.ttlMs)}</span> ${unlockButton(s.scope, holder)}</li>`)}</ul></td>
  </tr>`;

  if (!page) return html`<main><h1>n8n-lock dashboard</h1><p>Connecting…</p></main>`;
  const lockActions = config.actions;
  return html`
    <header class="top">
      <h1>n8n-lock dashboard</h1>
      <p class="meta">
        <span>Redis <code>${page.redis}</code></span>
        <span class=${page.up ? 'pill ok' : 'pill down'}>${page.up ? 'live' : 'Redis unreadable'}</span>
        <span class="muted">updated ${new Date(page.at).toLocaleTimeString()} · read in ${Math.round(page.readMs)} ms · ${config.actions ? 'actions allowed' : 'read-only'}</span>
      </p>
    </header>
    <main>
      ${!connected ? html`<div class="banner down" role="alert">The dashboard server does not answer; retrying.</div>` : null}
      ${!page.up ? html`<div class="banner down" role="alert" id="redis-down"><strong>Redis cannot be read.</strong> ${page.error}</div>` : null}
      <p role="status" aria-live="polite" class="announce">${announce}</p>

      ${config.actions
        ? html`<section aria-labelledby="token-heading" class="token">
            <h2 id="token-heading">Actions</h2>
            ${token
              ? html`<p>Token kept for this tab${operator ? ` (operator ${operator})` : ''}. <button type="button" onClick=${forgetToken}>Forget the token</button></p>`
              : html`<form onSubmit=${useToken}>
                  <label for="token">Token</label> <input id="token" type="password" autocomplete="off" value=${tokenDraft} onInput=${(e: Event) => setTokenDraft((e.target as HTMLInputElement).value)} required />
                  <label for="operator">Your name (for the action log)</label> <input id="operator" type="text" value=${operator} onInput=${(e: Event) => setOperator((e.target as HTMLInputElement).value)} />
                  <button type="submit">Use the token</button>
                </form>`}
          </section>`
        : null}

      <div class="search">
        <label for="search">Search by scope</label>
        <input id="search" type="search" placeholder="billing-* or part of a scope" value=${search} onInput=${(e: Event) => setSearch((e.target as HTMLInputElement).value)} />
      </div>

      <section aria-labelledby="locks-heading">
        <h2 id="locks-heading">Locks <${SectionCount} shown=${page.locks.rows.length} matching=${page.locks.matching} total=${page.locks.total} search=${page.search} /></h2>
        <p class="muted">Lock-node waiters blocked now, all scopes together: <strong id="waiters">${page.waitersBlocked ?? 'unknown'}</strong>. Per scope: ? (${page.waitersNote}).</p>
        ${page.locks.rows.length
          ? html`<div class="scroll"><table>
              <thead><tr><th scope="col">Scope</th><th scope="col">Holder workflow</th><th scope="col">Execution</th><th scope="col">Age</th><th scope="col">TTL left</th><th scope="col">Fence</th><th scope="col">Waiters</th><th scope="col">Flags</th>${lockActions ? html`<th scope="col">Action</th>` : null}</tr></thead>
              <tbody>${page.locks.rows.map(lockRow)}</tbody>
            </table></div>`
          : html`<p class="muted">No lock is held${page.search ? ' that matches the search' : ''}.</p>`}
        ${page.pages > 1
          ? html`<nav aria-label="Pages of locks" class="pager">
              <button type="button" disabled=${page.page <= 1} onClick=${() => go({ q: query.q, page: page.page - 1 })}>Previous page</button>
              <span>Page ${page.page} of ${page.pages}</span>
              <button type="button" disabled=${page.page >= page.pages} onClick=${() => go({ q: query.q, page: page.page + 1 })}>Next page</button>
            </nav>`
          : null}
      </section>

      <section aria-labelledby="semaphores-heading">
        <h2 id="semaphores-heading">Semaphores <${SectionCount} shown=${page.semaphores.rows.length} matching=${page.semaphores.matching} total=${page.semaphores.total} search=${page.search} /></h2>
        ${page.semaphores.rows.length
          ? html`<div class="scroll"><table><thead><tr><th scope="col">Scope</th><th scope="col">Holders</th><th scope="col">Who holds</th></tr></thead><tbody>${page.semaphores.rows.map(semaphoreRow)}</tbody></table></div>`
          : html`<p class="muted">No semaphore permit is held.</p>`}
      </section>

      <section aria-labelledby="rate-heading">
        <h2 id="rate-heading">Rate limits <${SectionCount} shown=${page.rateLimits.rows.length} matching=${page.rateLimits.matching} total=${page.rateLimits.total} search=${page.search} /></h2>
        ${page.rateLimits.rows.length
          ? html`<div class="scroll"><table><thead><tr><th scope="col">Scope</th><th scope="col">Algorithm</th><th scope="col">Window usage</th><th scope="col">Next free slot</th><th scope="col">TTL</th><th scope="col">Flags</th></tr></thead>
              <tbody>${page.rateLimits.rows.map((r) => html`<tr key=${r.scope + r.algorithm}><th scope="row" class="scope">${r.scope}</th><td>${r.algorithm}</td><td>${r.usage}</td><td>${r.nextFree}</td><td>${ttl(r.ttlMs)}</td><td><${Flags} flags=${r.flags} /></td></tr>`)}</tbody></table></div>`
          : html`<p class="muted">No rate-limit window is live.</p>`}
      </section>

      <section aria-labelledby="functions-heading">
        <h2 id="functions-heading">Functions <${SectionCount} shown=${page.functions.rows.length} matching=${page.functions.matching} total=${page.functions.total} search=${page.search} /></h2>
        ${page.functions.rows.length
          ? html`<div class="scroll"><table><thead><tr><th scope="col">Function</th><th scope="col">Scope</th><th scope="col">Backlog</th><th scope="col">Pending</th><th scope="col">Consumers (live)</th><th scope="col">Oldest pending</th><th scope="col">Dead letters</th><th scope="col">Flags</th></tr></thead>
              <tbody>${page.functions.rows.map((f) => html`<tr key=${f.scope + '/' + f.name}><th scope="row" class="scope">${f.name}</th><td>${f.scope}</td><td>${f.backlog}</td><td>${f.pending}</td><td>${f.consumers} (${f.liveConsumers})</td><td>${duration(f.oldestAgeMs)}</td><td>${f.deadLetters}</td><td><${Flags} flags=${f.flags} /></td></tr>`)}</tbody></table></div>`
          : html`<p class="muted">No function stream.</p>`}
      </section>

      <section aria-labelledby="queues-heading">
        <h2 id="queues-heading">Queues <${SectionCount} shown=${page.queues.rows.length} matching=${page.queues.matching} total=${page.queues.total} search=${page.search} /></h2>
        ${page.queues.rows.length
          ? html`<div class="scroll"><table><thead><tr><th scope="col">Queue</th><th scope="col">Waiting</th><th scope="col">Delayed</th><th scope="col">In flight</th><th scope="col">Dead</th><th scope="col">Live consumers</th><th scope="col">Oldest waiting</th><th scope="col">Flags</th>${lockActions ? html`<th scope="col">Action</th>` : null}</tr></thead>
              <tbody>${page.queues.rows.map((q) => html`<tr key=${q.name}><th scope="row" class="scope">${q.name}</th><td>${q.waiting}</td><td>${q.delayed}</td><td>${q.inFlight}</td><td>${q.dead}</td><td>${q.liveConsumers}</td><td>${duration(q.oldestWaitingAgeMs)}</td><td><${Flags} flags=${q.flags} /></td>${lockActions ? html`<td>${actions && q.dead > 0 ? html`<button type="button" class="action" onClick=${() => retryDead(q)}>Retry ${q.dead} dead</button>` : null}</td>` : null}</tr>`)}</tbody></table></div>`
          : html`<p class="muted">No queue.</p>`}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading">The last hour: waits, holds and denials</h2>
        <${Chart} history=${page.history} />
      </section>
    </main>

    <dialog ref=${dialog} aria-labelledby="dialog-title" onClose=${() => setPending(null)}>
      ${pending
        ? html`<h2 id="dialog-title">Unlock ${pending.scope}</h2>
            <p>Held by ${pending.holder}, lock_id <code>${pending.lockId}</code>.</p>
            ${pending.busy ? html`<p>Working…</p>` : null}
            ${pending.error ? html`<p class="error" role="alert">${pending.error}</p>` : null}
            ${pending.preview && !pending.result
              ? html`<p>${pending.preview.needsForce ? 'The dry run says (“Unlock anyway” is the CLI’s --force):' : pending.preview.ok ? 'The dry run says this would be deleted:' : 'The dry run says:'}</p>
                  <pre class="lines">${pending.preview.lines.join('\n')}</pre>`
              : null}
            ${pending.result ? html`<pre class=${pending.result.ok ? 'lines ok' : 'lines error'}>${pending.result.lines.join('\n')}</pre>` : null}
            <div class="buttons">
              ${pending.preview && !pending.result && (pending.preview.ok || pending.preview.needsForce)
                ? html`<button type="button" class="danger" onClick=${confirmUnlock} disabled=${pending.busy}>${pending.preview.needsForce ? 'Unlock anyway' : 'Unlock'}</button>`
                : null}
              <button type="button" onClick=${() => setPending(null)} autofocus>${pending.result ? 'Close' : 'Cancel'}</button>
            </div>`
        : null}
    </dialog>
  `;
}

render(html`<${App} />`, document.getElementById('app')!);
