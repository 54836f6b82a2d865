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
  const known = new LRUCache<string, T>({ max });
  return (key: string, format: () => T): T => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const text = format();
    known.set(key, text);
    return text;
  };
};
