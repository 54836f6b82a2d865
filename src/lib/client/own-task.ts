/**
 * Runs `work` in a task of its own, after the one that asks for it; the function returned
 * cancels it if it has not run yet (an effect's cleanup).
 *
 * React runs a commit's effects one after another in one task, and the browser runs a module
 * graph's evaluation and whatever it starts in one task too. A phone counts every task longer
 * than 50 ms as blocking (a tap waits for it, and Lighthouse adds it to Total Blocking Time),
 * so work that may start a little later — a first poll, a first tick, starting the analytics —
 * starts in its own short task instead of lengthening the one that asked (decision 0027).
 */
export const inOwnTask = (work: () => void): (() => void) => {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
};
