/**
 * Text already formatted, by key. Formatting API values with Intl is pure but not cheap (ICU
 * builds an interval formatter on every `formatRange` call; percentages and grouped decimals
 * go through `formatToParts`), and a page shows the same few values on every render (issue 8).
 * Bounded: emptied when full, so a flood of distinct values costs at most `max` entries.
 */
export const createTextMemo = (max: number) => {
  const known = new Map<string, string>();
  return (key: string, format: () => string): string => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const text = format();
    if (known.size >= max) known.clear();
    known.set(key, text);
    return text;
  };
};
