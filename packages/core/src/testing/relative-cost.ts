/**
 * How many times slower `subject` runs than `baseline`, both timed in this run on this machine: the median of
 * several batches each. Tests of "no input stalls the event loop" compare an attack string with an ordinary
 * input of the same length instead of asserting milliseconds, so a loaded CI machine slows both alike while a
 * backtracking or quadratic pattern (thousands of times slower) still fails.
 */
export function relativeCost(subject: () => unknown, baseline: () => unknown, repeat = 20): number {
  return medianBatchTime(subject, repeat) / medianBatchTime(baseline, repeat);
}

function medianBatchTime(run: () => unknown, repeat: number): number {
  run(); // warm-up: compile before timing
  const batches = Array.from({ length: 5 }, () => {
    const started = performance.now();
    for (let i = 0; i < repeat; i += 1) run();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  // A floor of one microsecond keeps a baseline too quick for the timer from dividing by zero.
  return Math.max(batches[2] ?? 0, 0.001);
}
