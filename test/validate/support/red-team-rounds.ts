// The later red-team rounds (4 on), each in its own file as the reviewer wrote it, in one table:
// purity-redteam.test.ts checks the rule reports every bypass, purity-oracle.test.ts that each
// really obtains a capability. A new round is one file and one line here.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';
import { ROUND4, ROUND4_FALSE_POSITIVES } from './bypasses-round4.js';
import { ROUND5, ROUND5_FALSE_POSITIVES } from './bypasses-round5.js';
import { ROUND6, ROUND6_FALSE_POSITIVES } from './bypasses-round6.js';
import { ROUND7, ROUND7_FALSE_POSITIVES } from './bypasses-round7.js';
import { ROUND8, ROUND8_FALSE_POSITIVES } from './bypasses-round8.js';
import { ROUND9, ROUND9_FALSE_POSITIVES } from './bypasses-round9.js';
import { ROUND10, ROUND10_FALSE_POSITIVES } from './bypasses-round10.js';
import { ROUND11, ROUND11_FALSE_POSITIVES } from './bypasses-round11.js';
import { ROUND12, ROUND12_FALSE_POSITIVES } from './bypasses-round12.js';
import { ROUND13, ROUND13_FALSE_POSITIVES } from './bypasses-round13.js';
import { ROUND14, ROUND14_FALSE_POSITIVES } from './bypasses-round14.js';

export interface RedTeamRound {
  round: number;
  bypasses: RedTeamBypass[];
  falsePositives: RedTeamFalsePositive[];
}

export const LATER_ROUNDS: RedTeamRound[] = [
  { round: 4, bypasses: ROUND4, falsePositives: ROUND4_FALSE_POSITIVES },
  { round: 5, bypasses: ROUND5, falsePositives: ROUND5_FALSE_POSITIVES },
  { round: 6, bypasses: ROUND6, falsePositives: ROUND6_FALSE_POSITIVES },
  { round: 7, bypasses: ROUND7, falsePositives: ROUND7_FALSE_POSITIVES },
  { round: 8, bypasses: ROUND8, falsePositives: ROUND8_FALSE_POSITIVES },
  { round: 9, bypasses: ROUND9, falsePositives: ROUND9_FALSE_POSITIVES },
  { round: 10, bypasses: ROUND10, falsePositives: ROUND10_FALSE_POSITIVES },
  { round: 11, bypasses: ROUND11, falsePositives: ROUND11_FALSE_POSITIVES },
  { round: 12, bypasses: ROUND12, falsePositives: ROUND12_FALSE_POSITIVES },
  { round: 13, bypasses: ROUND13, falsePositives: ROUND13_FALSE_POSITIVES },
  { round: 14, bypasses: ROUND14, falsePositives: ROUND14_FALSE_POSITIVES },
];

/** Every bypass of the later rounds, with its round. */
export const LATER_BYPASSES = LATER_ROUNDS.flatMap((r) => r.bypasses.map((bypass) => ({ round: r.round, ...bypass })));
/** Every false positive of the later rounds, with its round. */
export const LATER_FALSE_POSITIVES = LATER_ROUNDS.flatMap((r) => r.falsePositives.map((fp) => ({ round: r.round, ...fp })));
