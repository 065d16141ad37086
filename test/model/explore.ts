// Exploration of schedules: seeded random runs and exhaustive DFS (replay-based, state-hashed).
import { World, type Finding, type Scenario } from './world.js';

export interface RunResult {
  violations: Finding[];
  known: Finding[];
  trace: string[];
  steps: number;
}

/** Mulberry32: a small seeded PRNG, so every random schedule can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A choice at one point of a schedule: step actor i, or crash holder i. */
export type Choice = { kind: 'step' | 'crash'; actor: number };

export function choices(world: World, allowCrash: boolean): Choice[] {
  const list: Choice[] = world.enabled().map((actor) => ({ kind: 'step', actor }));
  if (allowCrash && !world.actors.some((a) => a.phase === 'crashed')) for (const actor of world.crashable()) list.push({ kind: 'crash', actor });
  return list;
}

function apply(world: World, choice: Choice): void {
  if (choice.kind === 'crash') world.crash(choice.actor);
  else world.step(choice.actor);
}

const MAX_STEPS = 2000;

/** One schedule picked by a seeded PRNG; crashes a holder with probability crashRate per choice point. */
export function randomRun(scenario: Scenario, seed: number, crashRate = 0): RunResult {
  const world = new World(scenario);
  const random = prng(seed);
  let steps = 0;
  while (!world.finished() && steps < MAX_STEPS) {
    const options = choices(world, crashRate > 0);
    if (options.length === 0) {
      if (!world.advance()) break;
      continue;
    }
    const crashes = options.filter((o) => o.kind === 'crash');
    const pick = crashes.length > 0 && random() < crashRate ? crashes[Math.floor(random() * crashes.length)] : options.filter((o) => o.kind === 'step')[Math.floor(random() * options.filter((o) => o.kind === 'step').length)] ?? options[0];
    apply(world, pick);
    steps++;
  }
  return { violations: world.violations, known: world.known, trace: world.trace, steps };
}

export interface ExhaustiveResult {
  schedules: number;
  states: number;
  violations: Array<Finding & { trace: string[] }>;
  known: Map<string, number>;
  complete: boolean;
}

/**
 * Every interleaving (and, with allowCrash, every crash point of a holder), explored depth-first.
 * Worlds cannot be cloned (executions hold vm state), so each branch replays its prefix; states
 * already seen are not expanded again, which keeps small cases exhaustive and fast.
 */
export function exhaustive(scenario: Scenario, allowCrash: boolean, limit = 200_000): ExhaustiveResult {
  const seen = new Set<string>();
  const result: ExhaustiveResult = { schedules: 0, states: 0, violations: [], known: new Map(), complete: true };
  const replay = (prefix: Choice[]): World => {
    const world = new World(scenario);
    for (const c of prefix) {
      while (choices(world, allowCrash).length === 0 && world.advance()) {
        /* time moves until someone can act */
      }
      apply(world, c);
    }
    while (choices(world, allowCrash).length === 0 && !world.finished() && world.advance()) {
      /* idem */
    }
    return world;
  };
  const visit = (prefix: Choice[]) => {
    if (result.states >= limit) {
      result.complete = false;
      return;
    }
    const world = replay(prefix);
    const key = world.stateKey() + JSON.stringify(world.violations.length);
    if (seen.has(key)) return;
    seen.add(key);
    result.states++;
    if (world.violations.length > 0) {
      result.schedules++;
      result.violations.push(...world.violations.map((v) => ({ ...v, trace: world.trace })));
      return;
    }
    const options = choices(world, allowCrash);
    if (options.length === 0 || world.finished() || prefix.length > 400) {
      result.schedules++;
      for (const k of world.known) result.known.set(k.property, (result.known.get(k.property) ?? 0) + 1);
      return;
    }
    for (const option of options) visit([...prefix, option]);
  };
  visit([]);
  return result;
}
