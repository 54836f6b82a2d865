/**
 * When a page's content last changed, from the dates its data shows: the newest of them that
 * has already passed (a launch's start, a phase's end: the page changes state then). Dates in
 * the future have not changed anything yet; unparseable ones are ignored. Undefined when none
 * has passed.
 */
export const lastChange = (
  dates: readonly (string | undefined)[],
  now: number = Date.now(),
): string | undefined => {
  let newest: number | undefined;
  for (const date of dates) {
    const time = date ? Date.parse(date) : NaN;
    if (Number.isNaN(time) || time > now) continue;
    if (newest === undefined || time > newest) newest = time;
  }
  return newest === undefined ? undefined : new Date(newest).toISOString();
};
