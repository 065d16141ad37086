// The package's scripts by SHA1 against a REAL redis-server: the text travels only when the
// server does not hold the script (first use, after SCRIPT FLUSH as after a restart), counted by
// the server's own INFO commandstats; a pipeline never meets NOSCRIPT and keeps its order; WAIT
// still follows the write on its connection.
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { useRedisServer } from '../../test/ops/support/use-redis-server.js';
import { commandStats } from './support/script-runs';
import { evalReplicated, evalScript, execScripts, isNoScript, scriptSha, type EvalArgs } from '../lib/scripts';

const redis = useRedisServer();
const clients: Redis[] = [];
afterAll(() => clients.forEach((client) => client.disconnect()));

function client(): Redis {
  const made = new Redis({ host: '127.0.0.1', port: redis.port, lazyConnect: false });
  clients.push(made);
  return made;
}

/** How many EVAL and EVALSHA calls the server has run, and how many EVALSHA it refused (NOSCRIPT) or rejected (ACL), since CONFIG RESETSTAT. */
async function scriptCalls(admin: Redis): Promise<{ eval: number; evalsha: number; noscript: number; rejected: number }> {
  const [byText, bySha] = await Promise.all([commandStats(admin, 'eval'), commandStats(admin, 'evalsha')]);
  return { eval: byText.calls, evalsha: bySha.calls, noscript: bySha.failed, rejected: bySha.rejected };
}

const INCR: EvalArgs = ["return redis.call('INCRBY', KEYS[1], ARGV[1])", 1, 'counter', 1];
const pushes = (n: number) => Array.from({ length: n }, (_, i): EvalArgs => ["return redis.call('RPUSH', KEYS[1], ARGV[1])", 1, 'order', String(i)]);

describe('scripts by SHA1', () => {
  it("names a script as Redis does (SCRIPT LOAD's answer)", async () => {
    const admin = client();
    expect(scriptSha(INCR[0])).toBe(await admin.script('LOAD', INCR[0]));
  });

  it('sends the text once, then only the SHA1; after SCRIPT FLUSH once more', async () => {
    const admin = client();
    await admin.script('FLUSH');
    await admin.config('RESETSTAT');
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await evalScript(admin, INCR));
    expect(replies).toEqual([1, 2, 3, 4, 5]);
    expect(await scriptCalls(admin)).toMatchObject({ eval: 1, evalsha: 5 });
    await admin.script('FLUSH');
    expect(await evalScript(admin, INCR)).toBe(6);
    expect(await scriptCalls(admin)).toMatchObject({ eval: 2, evalsha: 6 });
  });

  it('a script error is the script error, not a second try', async () => {
    const admin = client();
    await admin.config('RESETSTAT');
    await expect(evalScript(admin, ["return redis.call('NOSUCHCOMMAND')", 0])).rejects.toThrow(/Unknown Redis command|unknown command/i);
    expect((await scriptCalls(admin)).eval).toBeLessThanOrEqual(1);
    expect(isNoScript(new Error('NOSCRIPT No matching script. Please use EVAL.'))).toBe(true);
    expect(isNoScript(new Error('ERR something else'))).toBe(false);
  });

  it('a pipeline sends each script once as text and runs every call in order, even on a server that held nothing', async () => {
    const admin = client();
    await admin.script('FLUSH');
    await admin.config('RESETSTAT');
    const replies = await execScripts(admin, pushes(20), (pipeline) => pipeline.llen('order'));
    expect(replies.map(([error, reply]) => (error ? error.message : reply))).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 20]);
    expect(await admin.lrange('order', 0, -1)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(await scriptCalls(admin)).toMatchObject({ eval: 1, evalsha: 19, noscript: 0 });
  });

  it('a user granted EVAL but not EVALSHA (the grant of before): every call still runs, once, in order, and that connection sends EVAL from then on', async () => {
    const admin = client();
    await admin.call('ACL', 'SETUSER', 'evalonly', 'reset', 'on', '>pw', '~*', '-@all', '+eval', '+rpush', '+llen', '+incrby', '+info', '+ping', '+select', '+client|setname');
    const user = new Redis({ host: '127.0.0.1', port: redis.port, username: 'evalonly', password: 'pw' });
    clients.push(user);
    await admin.config('RESETSTAT');
    const replies = await execScripts(user, pushes(5), (pipeline) => pipeline.llen('order'));
    expect(replies.map(([error, reply]) => (error ? error.message : reply))).toEqual([1, 2, 3, 4, 5, 5]);
    expect(await admin.lrange('order', 0, -1)).toEqual(['0', '1', '2', '3', '4']);
    expect(await evalScript(user, INCR)).toBe(1);
    expect(await evalReplicated(user, undefined, INCR)).toEqual({ reply: 2, acked: Infinity });
    // 5 pushes + 2 increments ran, each once; EVALSHA was tried (and refused) only in the first pipeline.
    expect(await scriptCalls(admin)).toMatchObject({ eval: 7, rejected: 4 });
  });

  it('with a replica acknowledgement WAIT follows on the same connection (no replica here: 0 acknowledged)', async () => {
    const admin = client();
    await admin.script('FLUSH');
    expect(await evalReplicated(admin, { replicas: 1, timeoutMs: 50 }, INCR)).toEqual({ reply: 1, acked: 0 });
    expect(await evalReplicated(admin, undefined, INCR)).toEqual({ reply: 2, acked: Infinity });
  });
});
