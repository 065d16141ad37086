// The dashboard's settings (pure): defaults, every refusal as one InputError naming the flag or
// variable, and the variable names of the flags.
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { dashboardEnv, dashboardSettings, envBoolean, isLoopback } from '../../src/dashboard/settings.js';

const TOKEN = 'a-token-of-sixteen-plus';

describe('dashboardSettings', () => {
  it('defaults: loopback, read-only, one update a second', () => {
    expect(dashboardSettings({ listen: '127.0.0.1:8080', allowActions: false, intervalMs: '1000' })).toEqual({ listen: { host: '127.0.0.1', port: 8080 }, loopback: true, allowActions: false, token: null, intervalMs: 1000, n8nUrl: null });
  });

  it('actions with a token; an n8n URL loses its trailing slash', () => {
    const settings = dashboardSettings({ listen: '[::1]:9000', allowActions: true, token: ` ${TOKEN}\n`, intervalMs: 500, n8nUrl: 'https://n8n.example.com/' });
    expect(settings).toMatchObject({ loopback: true, allowActions: true, token: TOKEN, intervalMs: 500, n8nUrl: 'https://n8n.example.com' });
  });

  it('beyond loopback with a token is allowed (the page then asks for it)', () => {
    expect(dashboardSettings({ listen: '0.0.0.0:8080', allowActions: false, token: TOKEN, intervalMs: 1000 }).loopback).toBe(false);
  });

  it.each([
    ['--allow-actions without a token', { listen: '127.0.0.1:8080', allowActions: true, intervalMs: 1000 }, /^--allow-actions needs a token: set \$N8N_LOCK_DASHBOARD_TOKEN/],
    ['beyond loopback without a token', { listen: '0.0.0.0:8080', allowActions: false, intervalMs: 1000 }, /^--listen 0\.0\.0\.0:8080 reaches beyond this machine and there is no token/],
    ['a short token', { listen: '127.0.0.1:8080', allowActions: true, token: 'short', intervalMs: 1000 }, /has 5 characters; use at least 16/],
    ['a token file named in the message', { listen: '127.0.0.1:8080', allowActions: true, token: 'short', tokenSource: '--token-file t.txt', intervalMs: 1000 }, /^the token \(--token-file t\.txt\) has 5 characters/],
    ['an update slower than a second', { listen: '127.0.0.1:8080', allowActions: false, intervalMs: '5000' }, /^--interval-ms must be a whole number of milliseconds from 100 to 1000/],
    ['an interval that is not a number', { listen: '127.0.0.1:8080', allowActions: false, intervalMs: 'fast' }, /^--interval-ms .* got "fast"/],
    ['a bad --listen', { listen: 'localhost', allowActions: false, intervalMs: 1000 }, /^--listen "localhost" is not host:port/],
    ['an n8n URL that is not one', { listen: '127.0.0.1:8080', allowActions: false, intervalMs: 1000, n8nUrl: 'n8n.example.com' }, /^--n8n-url "n8n\.example\.com" is not a URL/],
    ['an n8n URL that is not http', { listen: '127.0.0.1:8080', allowActions: false, intervalMs: 1000, n8nUrl: 'ftp://n8n' }, /must start with http:\/\/ or https:\/\//],
  ])('refuses %s', (_name, input, message) => {
    expect(() => dashboardSettings(input)).toThrow(InputError);
    expect(() => dashboardSettings(input)).toThrow(message);
  });
});

describe('the small parts', () => {
  it('names each flag\'s variable', () => {
    expect(['--listen', '--redis-url', '--n8n-url', '--allow-actions', '--interval-ms'].map(dashboardEnv)).toEqual(['N8N_LOCK_DASHBOARD_LISTEN', 'N8N_LOCK_DASHBOARD_REDIS_URL', 'N8N_LOCK_DASHBOARD_N8N_URL', 'N8N_LOCK_DASHBOARD_ALLOW_ACTIONS', 'N8N_LOCK_DASHBOARD_INTERVAL_MS']);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST'].map(isLoopback)).toEqual([true, true, true, true, true]);
    expect(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.com'].map(isLoopback)).toEqual([false, false, false, false, false]);
  });

  it('reads a boolean variable strictly', () => {
    expect(['1', 'true', 'YES', 'on'].map((v) => envBoolean('X', v))).toEqual([true, true, true, true]);
    expect(['0', 'false', 'no', 'off', ''].map((v) => envBoolean('X', v))).toEqual([false, false, false, false, false]);
    expect(() => envBoolean('N8N_LOCK_DASHBOARD_ALLOW_ACTIONS', 'maybe')).toThrow('$N8N_LOCK_DASHBOARD_ALLOW_ACTIONS must be true or false (1/0, yes/no, on/off), got "maybe"');
  });
});
