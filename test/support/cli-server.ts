// A BUILT n8n-lock command that serves HTTP (`metrics`, `dashboard`) as a background process on
// --listen 127.0.0.1:0, and the URL it printed once it bound. For the commands' tests, the e2e
// suites and the benches.
import { spawn, type ChildProcess } from 'node:child_process';
import { cliCommand } from '../ops/support/cli.js';
import { ROOT } from './paths.js';

export interface CliServer {
  /** What the command printed after `serving `: http://host:port/... */
  url: string;
  port: number;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, and the exit code (0: it stopped cleanly). */
  stop(): Promise<number | null>;
}

/**
 * Starts `n8n-lock <args...> --listen 127.0.0.1:0` (the command first in args; `listen: false`
 * leaves --listen to args or the environment) and waits for its `serving <url>` line.
 */
export async function startCliServer(args: string[], env: Record<string, string | undefined> = {}, options: { listen?: boolean } = {}): Promise<CliServer> {
  const child: ChildProcess = spawn(process.execPath, [...cliCommand(), ...args, ...(options.listen === false ? [] : ['--listen', '127.0.0.1:0'])], { cwd: ROOT, env: { ...process.env, N8N_LOCK_REDIS_URL: undefined, ...env } });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`n8n-lock ${args[0]} did not start in 10 s: ${stdout}${stderr}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /serving (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`n8n-lock ${args[0]} exited with ${code}: ${stdout}${stderr}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('close', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
