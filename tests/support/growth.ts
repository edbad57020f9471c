/**
 * How many times longer `work` takes on an input `factor` times larger. Guards against catastrophic
 * backtracking without an absolute time limit, which a loaded machine breaks: each side is the fastest
 * of a few rounds (load only ever adds time), and a floor keeps a sub-millisecond base from turning
 * timer noise into a ratio. Linear work grows about `factor`×, quadratic about factor²×, and a regex
 * that backtracks catastrophically grows beyond any bound.
 */
export function growthOf(
  work: (scale: number) => void,
  { factor = 8, rounds = 5, floorMs = 1 }: { factor?: number; rounds?: number; floorMs?: number } = {},
): number {
  // The first call compiles patterns and warms the JIT; neither belongs to the reading measured.
  work(1);
  const base = Math.max(
    fastest(() => work(1), rounds),
    floorMs,
  );
  return fastest(() => work(factor), rounds) / base;
}

/** The bound a linear `work` stays under at `factor`× its input, with room for a noisy machine. */
export function linearBound(factor = 8): number {
  return factor * 4;
}

function fastest(run: () => void, rounds: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
