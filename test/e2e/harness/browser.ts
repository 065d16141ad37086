// Headless Chromium for the suites that look at a page as a person would: Debian's `chromium`
// (apt-get install chromium; .ci/run installs it), driven by playwright-core pointed at that
// binary, never a browser build of Playwright's own (nothing is downloaded). Each launch gets a
// fresh profile folder, removed at close; networking Chromium does on its own is switched off.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { Unavailable } from './util.js';

export const CHROMIUM = process.env.N8N_LOCK_E2E_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(options: { width?: number; height?: number } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Unavailable(`no Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium; or set N8N_LOCK_E2E_CHROMIUM)`);
  const profile = mkdtempSync(join(tmpdir(), 'n8n-lock-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: options.width ?? 1280, height: options.height ?? 900 } });
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const require = createRequire(import.meta.url);
const axeSource = () => readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations in the page as it is now, by impact. Evaluated through the DevTools protocol, so the page's CSP does not block it. */
export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string | null; help: string; nodes: number }>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }> }> } }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
}

/** Presses Tab until the focused element is the one `matches` accepts (at most `max` presses); false when never reached. */
export async function tabTo(page: Page, matches: (element: { tag: string; text: string; label: string | null; id: string }) => boolean, max = 120): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? { tag: el.tagName.toLowerCase(), text: (el.textContent ?? '').trim(), label: el.getAttribute('aria-label'), id: el.id } : null;
    });
    if (focused && matches(focused)) return true;
  }
  return false;
}
