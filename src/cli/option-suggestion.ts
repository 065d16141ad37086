// "Did you mean" for an unknown long option that is the start (or a dash-separated part) of a real
// one: `--redis` for `--redis-url`, `--url` for `--n8n-url`. Commander suggests only within a small
// edit distance, which leaves exactly these shortenings unanswered.

/** The long options `flag` is a shortening of; empty when none (commander's own suggestion then applies). */
export function optionsShortenedBy(flag: string, candidates: string[]): string[] {
  const typed = flag.replace(/=.*$/, '');
  if (!/^--[^-]/.test(typed)) return [];
  const unique = [...new Set(candidates)].filter((candidate) => candidate !== typed);
  const prefixed = unique.filter((candidate) => candidate.startsWith(typed));
  if (prefixed.length) return prefixed;
  // A part between dashes: `--url` is in `--redis-url` and `--n8n-url`, `--id` in `--lock-id`.
  const body = typed.slice(2);
  return unique.filter((candidate) => `-${candidate.slice(2)}-`.includes(`-${body}-`));
}

/** Commander's own wording, so both kinds of suggestion read alike. */
export function didYouMean(options: string[]): string {
  return options.length === 1 ? `(Did you mean ${options[0]}?)` : `(Did you mean one of ${options.join(', ')}?)`;
}
