// The page's small formatters: durations as `n8n-lock status` writes them (12s, 3m05s, 2h10m).
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 0) return `-${duration(-ms)}`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${pad(seconds % 60)}s`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h${pad(Math.floor((seconds % 3600) / 60))}m`;
  return `${Math.floor(seconds / 86_400)}d${pad(Math.floor((seconds % 86_400) / 3600))}h`;
}

export const ttl = (ms: number | null | undefined) => (ms === null ? 'never' : duration(ms));
