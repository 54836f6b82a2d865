/**
 * Answers of a pure function, by key. Formatting API values with Intl is pure but not cheap (ICU
 * builds an interval formatter on every `formatRange` call; percentages and grouped decimals
 * go through `formatToParts`), nor is reading a user agent; a page shows the same few values,
 * and a server sees the same few browsers, on every render (decision 0014). Bounded: emptied when
 * full, so a flood of distinct keys costs at most `max` entries.
 */
export const createTextMemo = <T extends string = string>(max: number) => {
  const known = new Map<string, T>();
  return (key: string, format: () => T): T => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const text = format();
    if (known.size >= max) known.clear();
    known.set(key, text);
    return text;
  };
};
