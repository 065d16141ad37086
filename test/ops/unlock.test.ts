import { describe, expect, it } from 'vitest';
import { describeUnlock, parseUnlockReply, UNLOCK_SCRIPT, unlockExitCode, unlockScriptArgs, type UnlockRequest } from '../../src/ops/unlock.js';
import { meta, NOW } from './fixtures.js';

const byLockId: UnlockRequest = { scope: 'billing', mode: 'lock-id', lockId: '4711', dryRun: false };
const force: UnlockRequest = { scope: 'billing', mode: 'force', dryRun: false };
const sidecar = meta('4711', '2025-06-01T11:58:00.000Z');

describe('unlock script arguments', () => {
  it('KEYS are the counter and sidecar, then a semaphore\'s holds and their sidecars; ARGV the mode, lock_id and dry-run bit', () => {
    const keys = ['n8n-lock-billing', 'n8n-lock-billing:meta', 'n8n-lock-billing:holders', 'n8n-lock-billing:sidecars'];
    expect(unlockScriptArgs(byLockId)).toEqual({ keys, args: ['lock-id', '4711', '0'] });
    expect(unlockScriptArgs({ ...force, dryRun: true })).toEqual({ keys, args: ['force', '', '1'] });
  });

  it('is one script that compares and deletes (no round trip between check and DEL): one DEL for the mutex, one for a semaphore\'s permits', () => {
    expect(UNLOCK_SCRIPT).toContain("cjson.decode");
    expect(UNLOCK_SCRIPT.match(/redis\.call\('DEL'/g)).toHaveLength(2);
  });
});

describe('parseUnlockReply / describeUnlock / unlockExitCode', () => {
  it('deleted: one stdout line per key with holder and age; exit 0', () => {
    const result = parseUnlockReply(['deleted', 2, '1', 3_000_000, sidecar, 3_000_010], byLockId, NOW);
    expect(result).toMatchObject({ outcome: 'deleted', keysDeleted: 2, held_for_ms: 120_000, lockId: '4711' });
    expect(describeUnlock(result)).toEqual({
      stdout: [
        'deleted n8n-lock-billing:meta (held by Invoice Sync (workflow AbCdEf0123456789, execution 4711), lock_id 4711, for 2m00s; ttl 50m00s)',
        'deleted n8n-lock-billing (count 1; ttl 50m00s)',
      ],
      stderr: ["unlock: 'billing' is free (2 keys deleted)"],
    });
    expect(unlockExitCode(result)).toBe(0);
  });

  it('mismatch: names the holder, deletes nothing, exit 1', () => {
    const result = parseUnlockReply(['mismatch', 0, '1', -1, sidecar, 5000], { ...byLockId, lockId: '1' }, NOW);
    expect(describeUnlock(result)).toEqual({
      stdout: [],
      stderr: ["unlock: refused, 'billing' is held by Invoice Sync (workflow AbCdEf0123456789, execution 4711), lock_id 4711, for 2m00s, not by lock_id 1; nothing deleted"],
    });
    expect(unlockExitCode(result)).toBe(1);
  });

  it('no sidecar or an unparseable one: refuses by lock_id and points at --force; exit 1', () => {
    const noSidecar = parseUnlockReply(['no-sidecar', 0, '1', -1, null, -2], byLockId, NOW);
    expect(describeUnlock(noSidecar).stderr[0]).toBe(
      "unlock: refused, 'billing' has a counter (count 1, ttl never) but no :meta sidecar, so no lock_id to compare; nothing deleted. Use --force to delete it",
    );
    expect(unlockExitCode(noSidecar)).toBe(1);
    const garbled = parseUnlockReply(['unparseable', 0, '1', 1000, 'oops', 1000], byLockId, NOW);
    expect(describeUnlock(garbled).stderr[0]).toContain('is not the JSON the primitives write (oops)');
    expect(unlockExitCode(garbled)).toBe(1);
  });

  it('not locked: idempotent, exit 0, and a hint when a key was given instead of a scope', () => {
    const result = parseUnlockReply(['not-locked', 0, null, -2, null, -2], { ...force, scope: 'n8n-lock-billing:meta' }, NOW);
    expect(describeUnlock(result).stderr).toEqual([
      "unlock: 'n8n-lock-billing:meta' is not locked (no n8n-lock-n8n-lock-billing:meta and no :meta); nothing to delete",
      'unlock: pass the scope, not the key: n8n-lock unlock billing ...',
    ]);
    expect(unlockExitCode(result)).toBe(0);
  });

  it('--dry-run says "would delete"', () => {
    const result = parseUnlockReply(['deleted', 0, '1', -1, 'garbage', -1], { ...force, dryRun: true }, NOW);
    expect(describeUnlock(result)).toEqual({
      stdout: ['would delete n8n-lock-billing:meta (unparseable: garbage; ttl never)', 'would delete n8n-lock-billing (count 1; ttl never)'],
      stderr: ["unlock: dry run, nothing deleted; 'billing' would be freed"],
    });
  });

  it('an unexpected reply is an error, not a silent success', () => {
    expect(() => parseUnlockReply('OK', force, NOW)).toThrow(/unexpected reply/);
  });
});
