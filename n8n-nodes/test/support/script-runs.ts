// What a server has run since CONFIG RESETSTAT, by its own INFO commandstats. An EVALSHA the
// server answered NOSCRIPT ran nothing and is counted in failed_calls; one refused by the ACL is
// counted in rejected_calls, not calls.
import type { Redis } from 'ioredis';

export interface CommandStats {
  calls: number;
  failed: number;
  rejected: number;
}

/** One command's counters (zero when it was never sent). */
export async function commandStats(client: Redis, command: string): Promise<CommandStats> {
  const stats = String(await client.info('commandstats'));
  const field = (name: string) => Number(new RegExp(`cmdstat_${command}:[^\\r\\n]*\\b${name}=(\\d+)`).exec(stats)?.[1] ?? 0);
  return { calls: field('calls'), failed: field('failed_calls'), rejected: field('rejected_calls') };
}

/** How many scripts ran: EVAL and EVALSHA calls that ran. */
export async function scriptRuns(client: Redis): Promise<number> {
  const [byText, bySha] = await Promise.all([commandStats(client, 'eval'), commandStats(client, 'evalsha')]);
  return byText.calls - byText.failed + bySha.calls - bySha.failed;
}
