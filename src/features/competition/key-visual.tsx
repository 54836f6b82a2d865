/**
 * The competition's key visual, drawn here (no image request, no third-party artwork): a
 * trophy on a podium before rising PnL bars. Its colours are the theme's custom properties
 * (see `.key-visual` in global.css), so it follows a light or dark theme. Decorative: the
 * heading and the prize pool beside it say what it shows.
 */
export const KEY_VISUAL_WIDTH = 360;
export const KEY_VISUAL_HEIGHT = 240;

/** Bars behind the trophy: [x, height]. */
const BARS: readonly (readonly [number, number])[] = [
  [28, 60],
  [64, 92],
  [100, 76],
  [236, 104],
  [272, 132],
  [308, 164],
];
const BASELINE = 212;

export const KeyVisual = () => (
  <svg
    className="key-visual"
    width={KEY_VISUAL_WIDTH}
    height={KEY_VISUAL_HEIGHT}
    viewBox={`0 0 ${KEY_VISUAL_WIDTH} ${KEY_VISUAL_HEIGHT}`}
    aria-hidden="true"
    focusable="false"
  >
    <rect
      className="kv-panel"
      x="0.5"
      y="0.5"
      width={KEY_VISUAL_WIDTH - 1}
      height={KEY_VISUAL_HEIGHT - 1}
      rx="16"
    />
    {[52, 100, 148, 196].map((y) => (
      <line
        key={y}
        className="kv-grid"
        x1="16"
        x2={KEY_VISUAL_WIDTH - 16}
        y1={y}
        y2={y}
      />
    ))}
    {BARS.map(([x, h]) => (
      <rect
        key={x}
        className="kv-bar"
        x={x}
        y={BASELINE - h}
        width="24"
        height={h}
        rx="4"
      />
    ))}
    <path
      className="kv-line"
      d="M40 140 L76 112 L112 124 L248 96 L284 70 L320 38"
      fill="none"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <rect className="kv-podium" x="132" y="170" width="96" height="42" rx="6" />
    <text className="kv-rank" x="180" y="198" textAnchor="middle">
      1
    </text>
    <path
      className="kv-trophy"
      d="M150 64 h60 v18 c0 22 -12 38 -30 42 c-18 -4 -30 -20 -30 -42 z M172 124 h16 v18 h-16 z M160 142 h40 v12 h-40 z"
    />
    <path
      className="kv-handles"
      d="M150 72 h-14 c0 16 8 24 18 26 M210 72 h14 c0 16 -8 24 -18 26"
      fill="none"
      strokeWidth="5"
      strokeLinecap="round"
    />
    <path
      className="kv-star"
      d="M180 74 l5 10 l11 1.6 l-8 7.8 l1.9 11 l-9.9 -5.2 l-9.9 5.2 l1.9 -11 l-8 -7.8 l11 -1.6 z"
    />
  </svg>
);
