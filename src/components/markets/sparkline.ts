/**
 * The path of a sparkline: `values` (decimal strings, oldest first) spread over `width`, the
 * lowest at the bottom and the highest at the top of `height`, inset by `pad` so the stroke
 * is not clipped. A flat series is drawn through the middle; fewer than two points give ''.
 */
export const sparklinePath = (
  values: readonly string[],
  width: number,
  height: number,
  pad = 1,
): string => {
  const numbers = values.map(Number).filter((n) => Number.isFinite(n));
  if (numbers.length < 2) return '';
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  const span = max - min;
  const step = (width - 2 * pad) / (numbers.length - 1);
  const inner = height - 2 * pad;
  const round = (n: number) => Math.round(n * 100) / 100;
  return numbers
    .map((n, i) => {
      const x = pad + i * step;
      const y =
        span === 0 ? height / 2 : pad + inner - ((n - min) / span) * inner;
      return `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
    })
    .join(' ');
};
