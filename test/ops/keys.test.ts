import { describe, expect, it } from 'vitest';
import { classifyKey, counterKey, sidecarKey } from 'n8n-lock-protocol/keys';
import { compileScopeGlob } from '../../src/ops/scope-glob.js';
import { InputError } from '../../src/errors.js';

describe('classifyKey', () => {
  it.each([
    ['n8n-lock-billing', { kind: 'counter', scope: 'billing' }],
    ['n8n-lock-billing:meta', { kind: 'sidecar', scope: 'billing' }],
    // scopes may hold - and : themselves
    ['n8n-lock-crm:contact-42', { kind: 'counter', scope: 'crm:contact-42' }],
    ['n8n-lock-crm:contact-42:meta', { kind: 'sidecar', scope: 'crm:contact-42' }],
    ['n8n-lock-a:meta:meta', { kind: 'sidecar', scope: 'a:meta' }],
    ['n8n-ratelimit-api-29000000', { kind: 'rate-limit', scope: 'api', bucket: 29000000 }],
    ['n8n-ratelimit-api-user-12-29000000', { kind: 'rate-limit', scope: 'api-user-12', bucket: 29000000 }],
    ['n8n-ratelimit-user:7-5', { kind: 'rate-limit', scope: 'user:7', bucket: 5 }],
  ])('%s', (key, expected) => {
    expect(classifyKey(key)).toEqual(expected);
  });

  it.each(['n8n-lock-', 'n8n-lock-:meta', 'n8n-ratelimit-api', 'n8n-ratelimit-api-', 'n8n-ratelimit--5', 'n8n-ratelimit-api-99999999999999999999', 'n8n-locked', 'other', 'n8n-rate'])(
    '%s is not ours',
    (key) => {
      expect(classifyKey(key)).toBeNull();
    },
  );

  it('names keys the way the primitives do', () => {
    expect(counterKey('a:b-c')).toBe('n8n-lock-a:b-c');
    expect(sidecarKey('a:b-c')).toBe('n8n-lock-a:b-c:meta');
  });
});

describe('compileScopeGlob (Redis MATCH syntax, applied to the scope)', () => {
  it.each([
    ['*', 'anything:at-all', true],
    ['billing-*', 'billing-eu', true],
    ['billing-*', 'xbilling-eu', false],
    ['billing', 'billing-eu', false],
    ['user-?', 'user-7', true],
    ['user-?', 'user-77', false],
    ['user-[0-9]', 'user-7', true],
    ['user-[0-9]', 'user-x', false],
    ['user-[^0-9]', 'user-x', true],
    ['user-[abc]', 'user-b', true],
    ['a\\*b', 'a*b', true],
    ['a\\*b', 'axb', false],
    ['[a\\-z]', '-', true],
    ['[a\\-z]', 'm', false],
    ['a.b', 'axb', false],
    ['crm:(x)+', 'crm:(x)+', true],
    ['[unclosed', '[unclosed', true],
  ])('%s vs %s -> %s', (glob, scope, expected) => {
    expect(compileScopeGlob(glob)(scope)).toBe(expected);
  });

  it('a reversed range is an InputError (exit 2), not a crash', () => {
    expect(() => compileScopeGlob('[z-a]')).toThrow(InputError);
  });
});
