import { LRUCache } from 'lru-cache';

/**
 * Answers of a pure function, by key. Formatting API values with Intl is pure but not cheap (ICU
 * builds an interval formatter on every `formatRange` call; percentages and grouped decimals
 * go through `formatToParts`), nor is reading a user agent; a page shows the same few values,
 * and a server sees the same few browsers, on every render (decision 0014). Bounded by
 * lru-cache: past `max` keys the least recently used one is forgotten, so a flood of distinct
 * keys costs at most `max` entries and never pushes out the keys every render asks for.
 */
export const createTextMemo = <T extends string = string>(max: number) => {
  // made on first use, not when the module loads: lru-cache fills a list of `max` places when
  // it is made, and the browser evaluates these modules in the task that starts its widgets
  // (decision 0027), where most of the memos are never asked
  let known: LRUCache<string, T> | undefined;
  return (key: string, format: () => T): T => {
    known ??= new LRUCache<string, T>({ max });
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const text = format();
    known.set(key, text);
    return text;
  };
};
