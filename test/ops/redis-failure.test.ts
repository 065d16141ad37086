import { describe, expect, it } from 'vitest';
import { classifyRedisFailure } from 'n8n-lock-protocol/redis-failure';

const error = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('classifyRedisFailure: one decision for the CLI and the nodes', () => {
  it.each([
    [error('ERR This instance has cluster support disabled'), false, 'cluster-disabled'],
    [error('All sentinels are unreachable. Retrying from scratch after 10ms.'), false, 'no-sentinel'],
    [error('ERR No such master with that name'), false, 'unknown-master'],
    [error('self-signed certificate in certificate chain', 'SELF_SIGNED_CERT_IN_CHAIN'), true, 'tls-untrusted'],
    [error('Hostname/IP does not match certificate\'s altnames', 'ERR_TLS_CERT_ALTNAME_INVALID'), true, 'tls-untrusted'],
    [error('write EPROTO ... wrong version number', 'EPROTO'), true, 'tls-on-plain-port'],
    [error('read ECONNRESET', 'ECONNRESET'), true, 'tls-on-plain-port'],
    [error('read ECONNRESET', 'ECONNRESET'), false, 'plain-on-tls-port'],
    [error('Connection is closed.'), false, 'plain-on-tls-port'],
    [error('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'), false, 'refused'],
    [error('getaddrinfo ENOTFOUND nohost', 'ENOTFOUND'), false, 'host-not-found'],
    [error('timed out', 'ETIMEDOUT'), true, 'timeout'],
    [error('NOAUTH Authentication required.'), false, 'needs-password'],
    [error('WRONGPASS invalid username-password pair or user is disabled.'), false, 'wrong-password'],
    [error("NOPERM this user has no permissions to run the 'cluster|info' command"), false, 'no-permission'],
    [error('Protocol error, got "H" as reply type byte'), false, 'not-redis'],
    [error('ERR something else'), false, 'other'],
  ])('%s (tls %s): %s', (failure, tls, cause) => {
    expect(classifyRedisFailure(failure, { tls })).toBe(cause);
  });

  it('a certificate word without TLS asked for is not a TLS problem', () => {
    expect(classifyRedisFailure(error('ERR certificate field missing'), { tls: false })).toBe('other');
  });
});
