import { describe, expect, it } from 'vitest';
import { DEFAULT_REDIS_URL, maskRedisUrl, parseRedisUrl, pickRedisUrl } from '../../src/ops/redis-url.js';
import { InputError } from '../../src/errors.js';

describe('pickRedisUrl', () => {
  it('flag, then N8N_LOCK_REDIS_URL, then the local default', () => {
    expect(pickRedisUrl('redis://a:1/0', { N8N_LOCK_REDIS_URL: 'redis://b:2/0' })).toEqual({ url: 'redis://a:1/0', source: '--redis-url' });
    expect(pickRedisUrl(undefined, { N8N_LOCK_REDIS_URL: 'redis://b:2/0' })).toEqual({ url: 'redis://b:2/0', source: '$N8N_LOCK_REDIS_URL' });
    expect(pickRedisUrl(undefined, { N8N_LOCK_REDIS_URL: '' })).toEqual({ url: DEFAULT_REDIS_URL, source: 'default' });
    expect(DEFAULT_REDIS_URL).toBe('redis://127.0.0.1:6379/0');
  });

  it('the --env file comes after the flag and the variable, before the default', () => {
    const dev = { name: 'dev', file: 'envs/dev.yml', url: 'redis://c:3/0', tlsInsecure: true };
    expect(pickRedisUrl('redis://a:1/0', { N8N_LOCK_REDIS_URL: 'redis://b:2/0' }, dev)).toEqual({ url: 'redis://a:1/0', source: '--redis-url' });
    expect(pickRedisUrl(undefined, { N8N_LOCK_REDIS_URL: 'redis://b:2/0' }, dev)).toEqual({ url: 'redis://b:2/0', source: '$N8N_LOCK_REDIS_URL' });
    expect(pickRedisUrl(undefined, {}, dev)).toEqual({ url: 'redis://c:3/0', source: 'envs/dev.yml', tlsInsecure: true });
  });

  it('an --env file without redis.url: a usage error naming the file, only when its url would be used', () => {
    const bare = { name: 'dev', file: 'envs/dev.yml' };
    expect(() => pickRedisUrl(undefined, {}, bare)).toThrow(new InputError('--env dev: envs/dev.yml has no redis.url (add redis: { url: redis://host:6379/0 } there, or pass --redis-url)'));
    expect(pickRedisUrl('redis://a:1/0', {}, bare).source).toBe('--redis-url');
  });
});

describe('parseRedisUrl', () => {
  it('reads host, port, db, password and TLS', () => {
    expect(parseRedisUrl('redis://:s3cret@redis.internal:6380/2')).toEqual({ host: 'redis.internal', port: 6380, db: 2, password: 's3cret', tls: false, topology: { kind: 'standalone' }, display: 'redis://:***@redis.internal:6380/2' });
    expect(parseRedisUrl('rediss://ops:p%40ss@r.example.com')).toEqual({ host: 'r.example.com', port: 6379, db: 0, username: 'ops', password: 'p@ss', tls: true, topology: { kind: 'standalone' }, display: 'rediss://ops:***@r.example.com:6379/0' });
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toMatchObject({ host: '127.0.0.1', port: 6379, db: 0, tls: false, display: 'redis://127.0.0.1:6379/0' });
    expect(parseRedisUrl('redis://[::1]:7000/1')).toMatchObject({ host: '::1', port: 7000, db: 1, display: 'redis://[::1]:7000/1' });
  });

  it('a Cluster: seed nodes (the default port where none is given), database 0 only, the password masked', () => {
    expect(parseRedisUrl('redis-cluster://:p%40ss@r1:7000,r2,[::1]:7002')).toEqual({
      host: 'r1', port: 7000, db: 0, password: 'p@ss', tls: false,
      topology: { kind: 'cluster', nodes: [{ host: 'r1', port: 7000 }, { host: 'r2', port: 6379 }, { host: '::1', port: 7002 }] },
      display: 'redis-cluster://:***@r1:7000,r2:6379,[::1]:7002',
    });
    expect(parseRedisUrl('rediss-cluster://ops:pw@r1:7000')).toMatchObject({ tls: true, username: 'ops', display: 'rediss-cluster://ops:***@r1:7000' });
  });

  it('Sentinel: the sentinels (port 26379 by default), the database and the master name after #', () => {
    expect(parseRedisUrl('redis-sentinel://s1,s2:26380/2#mymaster')).toEqual({
      host: 's1', port: 26379, db: 2, tls: false,
      topology: { kind: 'sentinel', sentinels: [{ host: 's1', port: 26379 }, { host: 's2', port: 26380 }], masterName: 'mymaster' },
      display: 'redis-sentinel://s1:26379,s2:26380/2#mymaster',
    });
  });

  it.each([
    ['redis-cluster://r1:7000/3', 'a Redis Cluster has database 0 only'],
    ['redis-cluster://r1:7000#m', 'that is the Sentinel form'],
    ['redis-sentinel://s1:26379/0', 'no master name: end the URL with #<name'],
    ['redis-sentinel://s1:99999/0#m', 'has port 99999, not a port number'],
    ['redis-cluster://', 'no host given'],
    ['redis-cluster://r1:7000?x=1', 'query parameters are not supported'],
  ])('%s is rejected (exit 2): %s', (raw, why) => {
    expect(() => parseRedisUrl(raw)).toThrow(InputError);
    expect(() => parseRedisUrl(raw)).toThrow(why);
  });

  it.each([
    ['http://localhost:6379', 'unsupported scheme'],
    ['localhost:6379', 'unsupported scheme'],
    ['not a url', 'not a URL'],
    ['redis://host:6379/abc', 'database "abc" is not a number'],
    ['redis://host:99999/0', 'not a URL'],
  ])('%s is rejected (exit 2): %s', (raw, why) => {
    expect(() => parseRedisUrl(raw)).toThrow(InputError);
    expect(() => parseRedisUrl(raw)).toThrow(why);
  });

  it.each([
    ['redis://:pa/ss@host:6379/0', '"/" as %2F'],
    ['redis://:p#ss@host:6379/0', '"#" as %23'],
    ['redis://:p?ss@host/0', '"?" as %3F'],
    ['redis://:100%@host/0', '"%" as %25'],
  ])('a password with an unencoded special character (%s) is told how to encode it, not "not a URL"', (raw, hint) => {
    expect(() => parseRedisUrl(raw)).toThrow(InputError);
    expect(() => parseRedisUrl(raw)).toThrow(`must be percent-encoded in a URL (${hint})`);
    expect(() => parseRedisUrl(raw)).not.toThrow(/pa\/ss|p#ss|p\?ss|100%@/);
  });

  it('an encoded password is decoded', () => {
    expect(parseRedisUrl('redis://:pa%2Fss%23%40%25@host:6379/0').password).toBe('pa/ss#@%');
  });

  it('never puts the password in an error message, even for a broken URL', () => {
    for (const raw of ['redis://:hunter2@host:6379/notadb', 'redis://:hunter2@host:99999', 'http://user:hunter2@host', 'redis://:hun@ter2@host/x']) {
      let message = '';
      try {
        parseRedisUrl(raw);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('ter2');
    }
  });
});

describe('maskRedisUrl', () => {
  it.each([
    ['redis://:pw@h:1/0', 'redis://:***@h:1/0'],
    ['redis://user:pw@h:1/0', 'redis://user:***@h:1/0'],
    ['redis://lonely@h', 'redis://***@h'],
    ['redis://:p@w@h', 'redis://:***@h'],
    ['redis://h:1/0', 'redis://h:1/0'],
    ['garbage:pw@h', '***@h'],
  ])('%s -> %s', (raw, masked) => {
    expect(maskRedisUrl(raw)).toBe(masked);
  });
});
