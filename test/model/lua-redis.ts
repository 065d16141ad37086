// A Redis model that RUNS the shipped Lua scripts (the native engine's semaphore, multi-scope
// acquire and rate limits, n8n-lock-protocol) in a real Lua VM (fengari), on a virtual clock: the
// model checker explores interleavings of the scripts themselves, not a re-telling of them. Each
// EVAL is one atomic step, as in Redis. Only the commands the scripts use exist; any other fails
// the run loudly. Redis's conversions are kept where the scripts depend on them: numbers sent to
// redis.call are written exactly (Redis formats them with %.17g, not Lua's lossy %.14g), replies
// come back as Redis turns them into Lua values (nil -> false, integers -> numbers), and a script's
// numbers reach the caller truncated to integers.
import fengari from 'fengari';

const { lua, lauxlib, lualib, to_luastring, to_jsstring } = fengari as any;

type Entry = { type: 'string'; value: string; expiresAt: number | null } | { type: 'zset'; value: Map<string, number>; expiresAt: number | null } | { type: 'hash'; value: Map<string, string>; expiresAt: number | null } | { type: 'list'; value: string[]; expiresAt: number | null };

/** The virtual clock, in ms (fractions are µs). */
export class VirtualClock {
  // After 2038 (2^31 s): fengari's integers are 32-bit, and a seconds value past that range is
  // a float there, as every number is in Redis's Lua 5.1; before it, TIME x 1e6 would wrap.
  constructor(public now = 2_200_000_000_000) {}
}

class RedisError extends Error {}

const LUA_51_NUMBERS = `
local floor, ceil, max, min, to_number = math.floor, math.ceil, math.max, math.min, tonumber
math.floor = function(x) return floor(x) + 0.0 end
math.ceil = function(x) return ceil(x) + 0.0 end
math.max = function(...) return max(...) + 0.0 end
math.min = function(...) return min(...) + 0.0 end
tonumber = function(...) local n = to_number(...) if n then return n + 0.0 end return n end
`;

export class LuaRedis {
  private readonly data = new Map<string, Entry>();
  private readonly L: any;
  private readonly compiled = new Map<string, number>();
  /** EVALs run, for the report. */
  evals = 0;

  constructor(readonly clock: VirtualClock) {
    this.L = lauxlib.luaL_newstate();
    lualib.luaL_openlibs(this.L);
    const L = this.L;
    lua.lua_newtable(L);
    lua.lua_pushcfunction(L, (state: any) => this.luaCall(state, false));
    lua.lua_setfield(L, -2, to_luastring('call'));
    lua.lua_pushcfunction(L, (state: any) => this.luaCall(state, true));
    lua.lua_setfield(L, -2, to_luastring('pcall'));
    lua.lua_setglobal(L, to_luastring('redis'));
    lua.lua_newtable(L);
    lua.lua_pushcfunction(L, (state: any) => {
      const text = to_jsstring(lauxlib.luaL_checklstring(state, 1));
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return lauxlib.luaL_error(state, to_luastring('Expected value but found invalid token'));
      }
      pushJson(state, value);
      return 1;
    });
    lua.lua_setfield(L, -2, to_luastring('decode'));
    lua.lua_setglobal(L, to_luastring('cjson'));
    // Redis runs Lua 5.1, where every number is a double; fengari is Lua 5.3 with 32-bit integers,
    // where (index + 1) * 2000000 would wrap. Numbers the scripts make are made floats, as in 5.1.
    if (lauxlib.luaL_dostring(L, to_luastring(LUA_51_NUMBERS)) !== lua.LUA_OK) throw new Error(to_jsstring(lua.lua_tostring(L, -1)));
  }

  /** EVAL: runs the script atomically against the model; the reply as ioredis would give it. */
  eval(script: string, keys: string[], argv: string[]): unknown {
    const L = this.L;
    this.evals++;
    let ref = this.compiled.get(script);
    if (ref === undefined) {
      if (lauxlib.luaL_loadstring(L, to_luastring(script)) !== lua.LUA_OK) throw new Error(`script does not compile: ${to_jsstring(lua.lua_tostring(L, -1))}`);
      ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX) as number;
      this.compiled.set(script, ref);
    }
    for (const [name, values] of [['KEYS', keys], ['ARGV', argv]] as const) {
      lua.lua_createtable(L, values.length, 0);
      values.forEach((value, i) => {
        lua.lua_pushstring(L, to_luastring(value));
        lua.lua_rawseti(L, -2, i + 1);
      });
      lua.lua_setglobal(L, to_luastring(name));
    }
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ref);
    if (lua.lua_pcall(L, 0, 1, 0) !== lua.LUA_OK) {
      const message = to_jsstring(lua.lua_tostring(L, -1) ?? to_luastring('?'));
      lua.lua_pop(L, 1);
      throw new Error(`script failed: ${message}`);
    }
    const reply = toReply(L, -1);
    lua.lua_pop(L, 1);
    return reply;
  }

  // ---- inspection for the properties ----

  zset(key: string): Map<string, number> {
    const entry = this.live(key);
    return entry?.type === 'zset' ? entry.value : new Map();
  }

  exists(key: string): boolean {
    return this.live(key) !== undefined;
  }

  hash(key: string): Map<string, string> | undefined {
    const entry = this.live(key);
    return entry?.type === 'hash' ? entry.value : undefined;
  }

  list(key: string): string[] {
    return this.typed(key, 'list', false)?.value ?? [];
  }

  listLength(key: string): number {
    return this.typed(key, 'list', false)?.value.length ?? 0;
  }

  /** What BLPOP takes when it returns: the list's first element. */
  popList(key: string): string | null {
    const list = this.typed(key, 'list', false);
    const value = list?.value.shift() ?? null;
    this.tidy(key);
    return value;
  }

  // ---- the commands ----

  private live(key: string): Entry | undefined {
    const entry = this.data.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.clock.now) {
      this.data.delete(key);
      return undefined;
    }
    return entry;
  }

  private typed<T extends Entry['type']>(key: string, type: T, create: boolean): Extract<Entry, { type: T }> | undefined {
    const entry = this.live(key);
    if (entry && entry.type !== type) throw new RedisError('WRONGTYPE Operation against a key holding the wrong kind of value');
    if (!entry && create) {
      const value = type === 'string' ? '' : type === 'list' ? [] : new Map();
      const fresh = { type, value, expiresAt: null } as Extract<Entry, { type: T }>;
      this.data.set(key, fresh);
      return fresh;
    }
    return entry as Extract<Entry, { type: T }> | undefined;
  }

  /** Drops an emptied collection, as Redis does. */
  private tidy(key: string): void {
    const entry = this.data.get(key);
    if (entry && entry.type !== 'string' && (entry.type === 'list' ? entry.value.length : entry.value.size) === 0) this.data.delete(key);
  }

  private command(args: string[]): unknown {
    const [name, ...a] = args;
    const now = this.clock.now;
    switch (name.toUpperCase()) {
      case 'TIME': {
        const us = Math.round(now * 1000);
        return [String(Math.floor(us / 1e6)), String(us % 1e6)];
      }
      case 'GET': {
        const entry = this.typed(a[0], 'string', false);
        return entry ? entry.value : null;
      }
      case 'SET': {
        const options = a.slice(2).map((o) => o.toUpperCase());
        if (options.includes('NX') && this.live(a[0])) return null;
        const px = options.indexOf('PX');
        this.data.set(a[0], { type: 'string', value: a[1], expiresAt: px >= 0 ? now + Number(a.slice(2)[px + 1]) : null });
        return { ok: 'OK' };
      }
      case 'DEL':
        return a.filter((key) => this.live(key) && this.data.delete(key)).length;
      case 'EXISTS':
        return a.filter((key) => this.live(key)).length;
      case 'PTTL': {
        const entry = this.live(a[0]);
        return !entry ? -2 : entry.expiresAt === null ? -1 : Math.round(entry.expiresAt - now);
      }
      case 'PEXPIRE':
      case 'PEXPIREAT': {
        const entry = this.live(a[0]);
        if (!entry) return 0;
        entry.expiresAt = name.toUpperCase() === 'PEXPIRE' ? now + integer(a[1]) : integer(a[1]);
        if (entry.expiresAt <= now) this.data.delete(a[0]);
        return 1;
      }
      case 'ZADD': {
        const xx = a[1].toUpperCase() === 'XX';
        const [score, member] = xx ? [a[2], a[3]] : [a[1], a[2]];
        const set = this.typed(a[0], 'zset', !xx);
        if (!set || (xx && !set.value.has(member))) return 0;
        const added = set.value.has(member) ? 0 : 1;
        set.value.set(member, Number(score));
        return added;
      }
      case 'ZREM': {
        const set = this.typed(a[0], 'zset', false);
        const removed = set ? a.slice(1).filter((member) => set.value.delete(member)).length : 0;
        this.tidy(a[0]);
        return removed;
      }
      case 'ZCARD':
        return this.typed(a[0], 'zset', false)?.value.size ?? 0;
      case 'ZSCORE': {
        const score = this.typed(a[0], 'zset', false)?.value.get(a[1]);
        return score === undefined ? null : formatScore(score);
      }
      case 'ZRANGE': {
        const sorted = this.sorted(a[0]);
        const slice = sorted.slice(...sliceOf(sorted.length, a[1], a[2]));
        return a[3]?.toUpperCase() === 'WITHSCORES' ? slice.flatMap(([member, score]) => [member, formatScore(score)]) : slice.map(([member]) => member);
      }
      case 'ZRANGEBYSCORE': {
        const matching = this.sorted(a[0])
          .filter(([, score]) => inRange(score, a[1], a[2]))
          .map(([member]) => member);
        const limit = a.findIndex((arg) => arg.toUpperCase() === 'LIMIT');
        return limit < 0 ? matching : matching.slice(integer(a[limit + 1]), integer(a[limit + 1]) + integer(a[limit + 2]));
      }
      case 'ZREMRANGEBYSCORE': {
        const set = this.typed(a[0], 'zset', false);
        if (!set) return 0;
        const doomed = [...set.value].filter(([, score]) => inRange(score, a[1], a[2]));
        for (const [member] of doomed) set.value.delete(member);
        this.tidy(a[0]);
        return doomed.length;
      }
      case 'HSET': {
        const hash = this.typed(a[0], 'hash', true)!;
        let added = 0;
        for (let i = 1; i + 1 < a.length; i += 2) {
          if (!hash.value.has(a[i])) added++;
          hash.value.set(a[i], a[i + 1]);
        }
        return added;
      }
      case 'HSETNX': {
        const hash = this.typed(a[0], 'hash', true)!;
        if (hash.value.has(a[1])) return 0;
        hash.value.set(a[1], a[2]);
        return 1;
      }
      case 'HGET':
        return this.typed(a[0], 'hash', false)?.value.get(a[1]) ?? null;
      case 'HMGET': {
        const hash = this.typed(a[0], 'hash', false);
        return a.slice(1).map((field) => hash?.value.get(field) ?? null);
      }
      case 'HDEL': {
        const hash = this.typed(a[0], 'hash', false);
        const removed = hash ? a.slice(1).filter((field) => hash.value.delete(field)).length : 0;
        this.tidy(a[0]);
        return removed;
      }
      case 'HKEYS':
        return [...(this.typed(a[0], 'hash', false)?.value.keys() ?? [])];
      case 'HINCRBY': {
        const hash = this.typed(a[0], 'hash', true)!;
        const value = integer(hash.value.get(a[1]) ?? '0') + integer(a[2]);
        hash.value.set(a[1], String(value));
        return value;
      }
      case 'RPUSH': {
        const list = this.typed(a[0], 'list', true)!;
        list.value.push(...a.slice(1));
        return list.value.length;
      }
      case 'LPOP': {
        const list = this.typed(a[0], 'list', false);
        const value = list?.value.shift() ?? null;
        this.tidy(a[0]);
        return value;
      }
      case 'LLEN':
        return this.listLength(a[0]);
      case 'LRANGE': {
        const list = this.typed(a[0], 'list', false)?.value ?? [];
        return list.slice(...sliceOf(list.length, a[1], a[2]));
      }
      case 'LTRIM': {
        const list = this.typed(a[0], 'list', false);
        if (list) {
          list.value = list.value.slice(...sliceOf(list.value.length, a[1], a[2]));
          this.tidy(a[0]);
        }
        return { ok: 'OK' };
      }
      default:
        throw new RedisError(`ERR the model has no command ${name}`);
    }
  }

  private sorted(key: string): Array<[string, number]> {
    const set = this.typed(key, 'zset', false);
    return set ? [...set.value].sort(([m1, s1], [m2, s2]) => s1 - s2 || (m1 < m2 ? -1 : m1 > m2 ? 1 : 0)) : [];
  }

  /** redis.call / redis.pcall: arguments from the Lua stack, the reply pushed back as Redis converts it. */
  private luaCall(L: any, protectedCall: boolean): number {
    const args: string[] = [];
    for (let i = 1; i <= lua.lua_gettop(L); i++) {
      const type = lua.lua_type(L, i);
      if (type === lua.LUA_TNUMBER) args.push(lua.lua_isinteger(L, i) ? String(lua.lua_tointeger(L, i)) : String(lua.lua_tonumber(L, i)));
      else if (type === lua.LUA_TSTRING) args.push(to_jsstring(lua.lua_tostring(L, i)));
      else return lauxlib.luaL_error(L, to_luastring('Lua redis() command arguments must be strings or integers'));
    }
    let reply: unknown;
    try {
      reply = this.command(args);
    } catch (error) {
      if (!(error instanceof RedisError)) throw error;
      if (!protectedCall) return lauxlib.luaL_error(L, to_luastring(error.message));
      lua.lua_newtable(L);
      lua.lua_pushstring(L, to_luastring(error.message));
      lua.lua_setfield(L, -2, to_luastring('err'));
      return 1;
    }
    pushReply(L, reply);
    return 1;
  }
}

const integer = (text: string) => {
  if (!/^-?\d+$/.test(text)) throw new RedisError(`ERR value is not an integer or out of range (${text})`);
  return Number(text);
};

const formatScore = (score: number) => String(score);

/** Redis's inclusive start/stop (negative: from the end) as Array.slice arguments. */
function sliceOf(length: number, startText: string, stopText: string): [number, number] {
  const start = Math.max(0, integer(startText) < 0 ? length + integer(startText) : integer(startText));
  const stop = integer(stopText) < 0 ? length + integer(stopText) : integer(stopText);
  return start > stop ? [0, 0] : [start, stop + 1];
}

function inRange(score: number, min: string, max: string): boolean {
  const bound = (text: string) => (text === '-inf' ? -Infinity : text === '+inf' ? Infinity : Number(text));
  return score >= bound(min) && score <= bound(max);
}

/** A Redis reply as Redis hands it to Lua: integer -> number, bulk -> string, nil -> false, array -> table, status -> {ok=...}. */
function pushReply(L: any, reply: unknown): void {
  if (reply === null || reply === undefined) lua.lua_pushboolean(L, false);
  else if (typeof reply === 'number') lua.lua_pushinteger(L, reply);
  else if (typeof reply === 'string') lua.lua_pushstring(L, to_luastring(reply));
  else if (Array.isArray(reply)) {
    lua.lua_createtable(L, reply.length, 0);
    reply.forEach((item, i) => {
      pushReply(L, item);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else {
    lua.lua_newtable(L);
    lua.lua_pushstring(L, to_luastring((reply as { ok: string }).ok));
    lua.lua_setfield(L, -2, to_luastring('ok'));
  }
}

function pushJson(L: any, value: unknown): void {
  if (value === null) lua.lua_pushnil(L);
  else if (typeof value === 'boolean') lua.lua_pushboolean(L, value);
  else if (typeof value === 'number') lua.lua_pushnumber(L, value);
  else if (typeof value === 'string') lua.lua_pushstring(L, to_luastring(value));
  else if (Array.isArray(value)) {
    lua.lua_createtable(L, value.length, 0);
    value.forEach((item, i) => {
      pushJson(L, item);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else {
    lua.lua_newtable(L);
    for (const [key, item] of Object.entries(value as object)) {
      pushJson(L, item);
      lua.lua_setfield(L, -2, to_luastring(key));
    }
  }
}

/** A script's return value as Redis gives it to the client: numbers truncated, false -> null, a table -> its array part. */
function toReply(L: any, index: number): unknown {
  const type = lua.lua_type(L, index);
  if (type === lua.LUA_TNUMBER) return Math.trunc(lua.lua_tonumber(L, index));
  if (type === lua.LUA_TSTRING) return to_jsstring(lua.lua_tostring(L, index));
  if (type === lua.LUA_TBOOLEAN) return lua.lua_toboolean(L, index) ? 1 : null;
  if (type === lua.LUA_TTABLE) {
    const table = lua.lua_absindex(L, index);
    const out: unknown[] = [];
    for (let i = 1; ; i++) {
      lua.lua_rawgeti(L, table, i);
      if (lua.lua_isnil(L, -1)) {
        lua.lua_pop(L, 1);
        break;
      }
      out.push(toReply(L, -1));
      lua.lua_pop(L, 1);
    }
    return out;
  }
  return null;
}
