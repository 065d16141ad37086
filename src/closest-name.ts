// "Did you mean ...?": one definition of a close name, for every message that names a key, a rule
// or a function the user may have mistyped.

/** The candidate within a third of the length's edits of `name` (case-insensitive), the closest first; undefined when none is that close. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  const wanted = name.toLowerCase();
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Levenshtein distance: insertions, deletions and substitutions each cost 1. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/**
 * The tail of an "unknown X" message: ` (did you mean invoice_sync?)` when one is close, else the
 * known names (at most `limit`), else `none` spelled by the caller.
 */
export function knownNamesHint(name: string, known: readonly string[], none: string, limit = 20): string {
  const close = closestName(name, known);
  if (close !== undefined) return `did you mean ${close}?`;
  if (known.length === 0) return none;
  return `known: ${known.slice(0, limit).join(', ')}${known.length > limit ? ', ...' : ''}`;
}
