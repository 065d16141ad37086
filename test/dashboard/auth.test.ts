// Who may read and who may act (pure): open reads on loopback, Basic auth with the token beyond it;
// an action only as a same-origin JSON POST with the token in its header, and never read-only.
import { describe, expect, it } from 'vitest';
import { checkAction, checkRead, tokenFingerprint, tokensEqual, TOKEN_HEADER } from '../../src/dashboard/auth.js';

const TOKEN = 'the-dashboard-token-0123';
const ACTIONS = { allowActions: true, token: TOKEN };
const good = { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN };
const post = (headers: Record<string, string | undefined>, method = 'POST') => ({ method, headers });
const basic = (password: string) => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`;

describe('checkAction', () => {
  it('accepts a same-origin JSON POST with the token (and one without Origin or Sec-Fetch-Site, as curl sends)', () => {
    expect(checkAction(post(good), ACTIONS)).toEqual({ ok: true });
    expect(checkAction(post({ host: good.host, 'content-type': 'application/json; charset=utf-8', [TOKEN_HEADER]: TOKEN }), ACTIONS)).toEqual({ ok: true });
  });

  it.each([
    ['read-only (no --allow-actions)', post(good), { allowActions: false, token: TOKEN }, 403, /^read-only/],
    ['read-only (no token)', post(good), { allowActions: false, token: null }, 403, /^read-only/],
    ['a GET', post(good, 'GET'), ACTIONS, 405, /POST/],
    ['another origin', post({ ...good, origin: 'http://evil.example' }), ACTIONS, 403, /cross-origin request refused \(Origin http:\/\/evil\.example\)/],
    ['another site', post({ ...good, 'sec-fetch-site': 'cross-site' }), ACTIONS, 403, /cross-site request refused/],
    ['a form post', post({ ...good, 'content-type': 'application/x-www-form-urlencoded' }), ACTIONS, 415, /JSON body/],
    ['no token', post({ ...good, [TOKEN_HEADER]: undefined }), ACTIONS, 403, /token is missing or wrong/],
    ['a wrong token', post({ ...good, [TOKEN_HEADER]: 'the-dashboard-token-0124' }), ACTIONS, 403, /token is missing or wrong/],
  ])('refuses %s', (_name, request, settings, status, why) => {
    const verdict = checkAction(request, settings);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.status).toBe(status);
      expect(verdict.why).toMatch(why);
    }
  });
});

describe('checkRead', () => {
  it('is open on loopback', () => {
    expect(checkRead(post({}, 'GET'), { loopback: true, token: TOKEN })).toEqual({ ok: true });
  });

  it('beyond loopback asks for the token by Basic auth, and takes it (or the token header)', () => {
    const refused = checkRead(post({}, 'GET'), { loopback: false, token: TOKEN });
    expect(refused).toMatchObject({ ok: false, status: 401, headers: { 'www-authenticate': 'Basic realm="n8n-lock dashboard", charset="UTF-8"' } });
    expect(checkRead(post({ authorization: basic('wrong') }, 'GET'), { loopback: false, token: TOKEN }).ok).toBe(false);
    expect(checkRead(post({ authorization: basic(TOKEN) }, 'GET'), { loopback: false, token: TOKEN })).toEqual({ ok: true });
    expect(checkRead(post({ [TOKEN_HEADER]: TOKEN }, 'GET'), { loopback: false, token: TOKEN })).toEqual({ ok: true });
  });
});

describe('the token', () => {
  it('compares whole tokens only, and is logged as a fingerprint', () => {
    expect([tokensEqual(TOKEN, TOKEN), tokensEqual(TOKEN.slice(0, -1), TOKEN), tokensEqual('', TOKEN)]).toEqual([true, false, false]);
    expect(tokenFingerprint(TOKEN)).toMatch(/^sha256:[0-9a-f]{8}$/);
    expect(tokenFingerprint(TOKEN)).not.toContain(TOKEN);
  });
});
