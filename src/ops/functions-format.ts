// Pure: the functions report -> text. Table for people, JSON for scripts.
import { formatDuration, renderTable } from './format.js';
import { describeRedisSource } from './redis-url.js';
import { FUNCTION_FLAG_ADVICE, FUNCTION_FLAGS, type FunctionsReport } from './functions-status.js';
import { GLOBAL_SCOPE } from 'n8n-lock-protocol/functions';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const age = (ms: number | null) => (ms === null ? '-' : formatDuration(ms));

export function formatFunctionsTable(report: FunctionsReport): string {
  const out: string[] = [];
  out.push(`Redis ${report.redis} (${describeRedisSource(report.redis_source)}) at ${report.generated_at}${report.function_glob === null ? '' : `, functions ${report.function_glob}`}`);
  out.push('');
  out.push(`FUNCTIONS: ${plural(report.summary.functions, 'function')}, ${report.summary.flagged} flagged, ${plural(report.summary.backlog, 'call')} waiting or running, ${report.summary.dead_letters} dead-lettered`);
  if (report.functions.length) {
    out.push(
      ...renderTable(
        ['FUNCTION', 'SCOPE', 'LENGTH', 'PENDING', 'OLDEST', 'CONSUMERS', 'DEAD', 'FLAGS'],
        report.functions.map((f) => [
          f.name,
          f.scope === GLOBAL_SCOPE ? 'global' : f.scope,
          String(f.length),
          String(f.pending),
          age(f.oldest_age_ms),
          `${f.live_consumers} live / ${f.consumers.length}`,
          String(f.dead_letters),
          f.flags.length ? f.flags.join(',') : 'ok',
        ]),
        ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
  }
  const consumers = report.functions.flatMap((f) => f.consumers.map((c) => ({ f, c })));
  if (consumers.length) {
    out.push('', 'CONSUMERS');
    out.push(
      ...renderTable(
        ['FUNCTION', 'CONSUMER', 'HEARTBEAT', 'PENDING', 'IN FLIGHT MAX', 'STATE'],
        consumers.map(({ f, c }) => [f.name, c.id, c.heartbeat_age_ms === null ? 'none' : `${age(c.heartbeat_age_ms)} ago`, String(c.pending), c.calls_in_flight === null ? '-' : String(c.calls_in_flight), c.live ? 'live' : 'stale']),
        ['left', 'left', 'right', 'right', 'right'],
      ),
    );
  }
  const present = FUNCTION_FLAGS.filter((flag) => report.functions.some((f) => f.flags.includes(flag)));
  if (present.length) {
    out.push('', 'FLAGS');
    for (const flag of present) out.push(`  ${flag}: ${flag === 'old-backlog' ? FUNCTION_FLAG_ADVICE[flag].replace('--max-age', `--max-age (${formatDuration(report.max_age_ms)})`) : FUNCTION_FLAG_ADVICE[flag]}`);
  }
  return `${out.join('\n')}\n`;
}

export function formatFunctionsJson(report: FunctionsReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
