// Pure: the page the server sends: its shell (title, the bundled stylesheet and script, what the
// client needs to know about this server as JSON) and the headers every answer carries.
export interface PageConfig {
  /** Whether the unlock and retry controls exist (--allow-actions with a token). */
  actions: boolean;
  intervalMs: number;
  n8nUrl: string | null;
  redis: string;
  version: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script type="application/json">: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function pageHtml(config: PageConfig, assetVersion: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>n8n-lock dashboard · ${escapeHtml(config.redis)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/app.css?v=${assetVersion}">
<script type="application/json" id="config">${scriptJson(config)}</script>
<script type="module" src="/assets/app.js?v=${assetVersion}"></script>
</head>
<body>
<div id="app"><main><h1>n8n-lock dashboard</h1><p>Loading ${escapeHtml(config.redis)}…</p><noscript><p>This page needs JavaScript: it updates live. <code>n8n-lock status</code> shows the same locks in a terminal.</p></noscript></main></div>
</body>
</html>
`;
}

/**
 * Every answer: nothing from another origin (scripts, styles, connections, frames), no framing
 * (clickjacking an unlock), no MIME sniffing, no referrer carrying the page's URL away.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};
