// The n8n versions n8n-lock supports, once: deploy and pull refuse an n8n outside them, and the
// node package refuses to load into one. Each range is where the e2e smoke set passed in regular
// and queue mode (docs/measurements.md#n8n-versions): 1.123.81, 2.35.7 and 2.41.1. 2.35 is the
// oldest 2.x whose public API has `publishIfActive` (a write to a published workflow stays a draft
// until deploy publishes it); a later major is not assumed.

/** Each range starts at `[major, minor, patch]` and ends before the next major, as npm's `^` does. */
const SUPPORTED_FROM: ReadonlyArray<readonly [number, number, number]> = [
  [1, 123, 0],
  [2, 35, 0],
];

/** As every refusal names the range. */
export const SUPPORTED_N8N = 'n8n 1.123 and n8n 2.35 or a later 2.x';

/** The same range as npm writes one (the node package's package.json says it under n8n.supportedVersions). */
export const SUPPORTED_N8N_SEMVER = SUPPORTED_FROM.map((from) => `^${from.join('.')}`).join(' || ');

/** True when `version` (major.minor.patch, as n8n's package.json holds it) is supported; undefined when it is not such a version. */
export function isSupportedN8n(version: string): boolean | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) return undefined;
  const [major, minor, patch] = match.slice(1).map(Number);
  return SUPPORTED_FROM.some((from) => major === from[0] && (minor - from[1] || patch - from[2]) >= 0);
}
