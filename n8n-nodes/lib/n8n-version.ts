// The n8n this package is loaded into must be one it supports (n8n-lock-protocol/n8n-support).
// n8n reads nothing but n8nNodesApiVersion from a community package, so the package asks itself:
// n8n's version is in the package.json of the n8n whose bin started the process (require.main),
// in the main process, a queue-mode worker and a webhook process alike.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LoggerProxy } from 'n8n-workflow';
import { isSupportedN8n, SUPPORTED_N8N } from 'n8n-lock-protocol/n8n-support';

/** How far above its bin (node_modules/n8n/bin/n8n) n8n's package.json may be. */
const LEVELS_ABOVE_BIN = 3;

/**
 * The version of the n8n whose bin is `main` (this process's main module); undefined when the
 * process was not started by n8n's bin (a test, a script), so there is nothing to check.
 */
export function n8nVersionOf(main: { filename: string } | undefined): string | undefined {
  if (!main?.filename) return undefined;
  let dir = dirname(main.filename);
  for (let level = 0; level < LEVELS_ABOVE_BIN; level++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    try {
      const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      return name === 'n8n' && typeof version === 'string' ? version : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The one line n8n's log shows when the package is loaded into an n8n outside its range. */
export function unsupportedN8nMessage(version: string): string {
  return `n8n-nodes-lock supports ${SUPPORTED_N8N}, and this is n8n ${version}: its nodes and credential are not loaded. Use a supported n8n, or uninstall n8n-nodes-lock (Settings > Community nodes)`;
}

/**
 * Called when each node and credential file loads: in an n8n outside the range it logs one line
 * and throws, so n8n reports the package as not loaded instead of running nodes on an n8n nobody
 * tested them on. An n8n whose version cannot be read is not refused.
 */
export function assertSupportedN8n(main: { filename: string } | undefined = require.main): void {
  const version = n8nVersionOf(main);
  if (version === undefined || isSupportedN8n(version) !== false) return;
  const message = unsupportedN8nMessage(version);
  LoggerProxy.error(message);
  throw new Error(message);
}
