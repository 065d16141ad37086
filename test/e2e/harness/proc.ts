// Processes of the harness: every command and server runs in its own process group, is recorded
// while it lives, and is ended by its group id, whatever way the harness itself ends:
// - stop()/runCommand end it normally;
// - on 'exit' and on SIGINT/SIGTERM/SIGHUP the harness sends SIGTERM to every live group;
// - a detached watchdog per group (a tiny sh loop) ends the group when the harness process is gone
//   even after a SIGKILL (vitest killing its worker), which no handler inside Node can catch.
// Nothing here ever signals a process the harness did not start.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { log, seconds, sleep } from './util.js';

interface LiveGroup {
  label: string;
  pgid: number;
  watchdog?: number;
  peakRss: number;
}

const live = new Map<number, LiveGroup>();
const peaks = new Map<string, number>(); // label -> peak RSS (bytes) of its process group
let peakTotal = 0; // peak of (harness process + every live group), sampled together
let handlersInstalled = false;
let sampler: NodeJS.Timeout | undefined;

function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

/** Labels of the process groups the harness started that are still alive (a fault test expects none). */
export function liveProcessGroups(): string[] {
  const procs = readProcs();
  return [...live.values()].filter((group) => groupMembers(group.pgid, procs).length > 0).map((group) => group.label);
}

const exitHooks = new Set<() => void>();

/** A synchronous clean-up (e.g. removing a lock directory) for when the harness exits or is signalled. */
export function onHarnessExit(hook: () => void): () => void {
  installHandlers();
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}

function cleanUpNow(): void {
  for (const group of live.values()) signalGroup(group.pgid, 'SIGTERM');
  for (const hook of exitHooks) {
    try {
      hook();
    } catch {
      /* best effort */
    }
  }
  exitHooks.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', cleanUpNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      cleanUpNow();
      // The watchdogs escalate to SIGKILL if a group lingers. Die the way the signal meant, unless
      // someone else listens for it (then they decide).
      process.removeListener(signal, handler);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, handler);
  }
}

/**
 * A detached sh loop: while the harness process lives (and is not a zombie: PID 1 of some
 * containers does not reap), sleep; then SIGTERM the group, and SIGKILL it 10 s later.
 */
function startWatchdog(pgid: number): number | undefined {
  const script = [
    `owner=${process.pid}; group=${pgid}`,
    'alive() { [ -r /proc/$owner/stat ] && [ "$(sed "s/.*) //" /proc/$owner/stat | cut -c1)" != Z ]; }',
    'while alive; do sleep 1; done',
    'kill -TERM -$group 2>/dev/null || exit 0',
    'i=0; while kill -0 -$group 2>/dev/null && [ $i -lt 10 ]; do sleep 1; i=$((i+1)); done',
    'kill -KILL -$group 2>/dev/null; exit 0',
  ].join('\n');
  const child = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child.pid;
}

function register(label: string, child: ChildProcess): LiveGroup | undefined {
  if (child.pid === undefined) return undefined;
  installHandlers();
  const group: LiveGroup = { label, pgid: child.pid, watchdog: startWatchdog(child.pid), peakRss: 0 };
  live.set(child.pid, group);
  startSampler();
  return group;
}

function unregister(group: LiveGroup | undefined): void {
  if (!group) return;
  live.delete(group.pgid);
  if (group.watchdog) {
    try {
      process.kill(group.watchdog, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  peaks.set(group.label, Math.max(peaks.get(group.label) ?? 0, group.peakRss));
}

// ---------------------------------------------------------------------------------------------
// Memory: the RSS of every live group (n8n main + its task runner, redis-server, CLI commands),
// sampled once a second from /proc.

interface ProcInfo {
  pid: number;
  pgrp: number;
  state: string;
}

function readProcs(): ProcInfo[] {
  const procs: ProcInfo[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return procs;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(entry), state: rest[0], pgrp: Number(rest[2]) });
    } catch {
      /* exited meanwhile */
    }
  }
  return procs;
}

function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Live (non-zombie) members of a process group. */
export function groupMembers(pgid: number, procs = readProcs()): number[] {
  return procs.filter((p) => p.pgrp === pgid && p.state !== 'Z').map((p) => p.pid);
}

/**
 * CPU time (user + system, ms) the live members of a process group have used so far (n8n main and
 * its task runner), from /proc/<pid>/stat; a member that exited meanwhile is not counted. Clock
 * ticks are taken as 100 per second (Linux's USER_HZ).
 */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of groupMembers(pgid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(rest[11]) + Number(rest[12]); // utime, stime: fields 14 and 15 of stat
    } catch {
      /* exited meanwhile */
    }
  }
  return ticks * 10;
}

function sample(): void {
  if (live.size === 0) return;
  const procs = readProcs();
  let total = process.memoryUsage.rss();
  for (const group of live.values()) {
    const rss = groupMembers(group.pgid, procs).reduce((sum, pid) => sum + rssOf(pid), 0);
    group.peakRss = Math.max(group.peakRss, rss);
    total += rss;
  }
  peakTotal = Math.max(peakTotal, total);
}

function startSampler(): void {
  if (sampler) return;
  sampler = setInterval(sample, 1000);
  sampler.unref();
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Peak RSS per kind of process (labels up to the first space) and of everything at once. */
export function memoryReport(): string {
  sample();
  const byKind = new Map<string, number>();
  const all = new Map(peaks);
  for (const group of live.values()) all.set(group.label, Math.max(all.get(group.label) ?? 0, group.peakRss));
  for (const [label, peak] of all) {
    const kind = label.replace(/ --id=\S+$/, '');
    byKind.set(kind, Math.max(byKind.get(kind) ?? 0, peak));
  }
  const parts = [...byKind].filter(([, peak]) => peak > 0).map(([kind, peak]) => `${kind} ${mb(peak)}`);
  if (peakTotal === 0 || parts.length === 0) return 'peak RSS: no process sampled';
  return `peak RSS: all processes together ${mb(peakTotal)} (harness included); per process group: ${parts.join(', ')}`;
}

// ---------------------------------------------------------------------------------------------

export interface RunOptions {
  label: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs: number;
  /** Every line of output is appended here too. */
  logFile?: string;
  /** Prints "<label>: still running" this often (long installs). */
  heartbeatMs?: number;
  heartbeat?: () => string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  ms: number;
}

const tail = (text: string, lines = 20) => text.trim().split('\n').slice(-lines).join('\n');

/**
 * Runs a command to completion in its own process group and reads ALL its output (an n8n CLI
 * command whose stdout is closed early spins at 100 % CPU on EPIPE). Fails with the output's
 * tail on a non-zero exit; on timeout it kills the whole group and fails.
 */
export function runCommand(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const group = register(options.label, child);
    let stdout = '';
    let stderr = '';
    const keep = (text: string, chunk: string) => (text + chunk).slice(-4 * 1024 * 1024);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = keep(stdout, chunk);
      if (options.logFile) appendFileSync(options.logFile, chunk);
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = keep(stderr, chunk);
      if (options.logFile) appendFileSync(options.logFile, chunk);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (group) signalGroup(group.pgid, 'SIGTERM');
      setTimeout(() => group && signalGroup(group.pgid, 'SIGKILL'), 5000).unref();
    }, options.timeoutMs);
    const heartbeat = options.heartbeatMs
      ? setInterval(() => log(`${options.label}: still running after ${seconds(Date.now() - started)}${options.heartbeat ? ` (${options.heartbeat()})` : ''}`), options.heartbeatMs)
      : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      unregister(group);
      reject(new Error(`${options.label}: could not start ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      // Members the leader left behind (none expected) go with it.
      if (group && groupMembers(group.pgid).length > 0) signalGroup(group.pgid, 'SIGKILL');
      unregister(group);
      const ms = Date.now() - started;
      if (timedOut) reject(new Error(`${options.label} timed out after ${seconds(options.timeoutMs)}; output:\n${tail(stdout + stderr)}`));
      else if (code !== 0) reject(new Error(`${options.label} failed (exit ${code ?? signal}) after ${seconds(ms)}:\n${tail(stdout + stderr)}`));
      else resolve({ stdout, stderr, ms });
    });
  });
}

/** A long-running process (n8n start, redis-server) in its own process group, output to a file. */
export class Background {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private group?: LiveGroup;

  constructor(readonly label: string, command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; logFile: string }) {
    this.child = spawn(command, args, { env: options.env, cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.group = register(label, this.child);
    const write = (chunk: Buffer) => appendFileSync(options.logFile, chunk);
    this.child.stdout!.on('data', write);
    this.child.stderr!.on('data', write);
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        appendFileSync(options.logFile, `\n[harness] could not start ${command}: ${error.message}\n`);
        resolve({ code: -1, signal: null });
      });
      this.child.on('exit', (code, signal) => resolve({ code, signal }));
    });
    void this.exited.then(() => this.finish());
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined;
  }

  private finish(): void {
    // The leader is gone; anything left in its group (n8n's task runner) goes too.
    if (this.group && groupMembers(this.group.pgid).length > 0) signalGroup(this.group.pgid, 'SIGKILL');
    unregister(this.group);
    this.group = undefined;
  }

  /** SIGTERM to the group, SIGKILL after graceMs; resolves when the leader has exited. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running || this.child.pid === undefined) return this.finish();
    const pgid = this.child.pid;
    signalGroup(pgid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    // Stragglers get a moment to follow the leader before finish() kills them.
    for (let i = 0; i < 20 && groupMembers(pgid).length > 0; i++) await sleep(100);
    this.finish();
  }

  /** A crash: SIGKILL to the whole group, no graceful shutdown. */
  async kill(): Promise<void> {
    if (!this.running || this.child.pid === undefined) return this.finish();
    signalGroup(this.child.pid, 'SIGKILL');
    await this.exited;
    this.finish();
  }
}
