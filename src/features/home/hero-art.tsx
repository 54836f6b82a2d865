/**
 * The home page's hero visual, drawn here (no image request, no third-party artwork): a rising
 * price line over a grid, with three coins. Decorative: the heading beside it says it all.
 */
export const HERO_ART_WIDTH = 420;
export const HERO_ART_HEIGHT = 300;

const POINTS: readonly (readonly [number, number])[] = [
  [20, 230],
  [70, 210],
  [110, 222],
  [150, 170],
  [190, 182],
  [230, 128],
  [270, 140],
  [310, 92],
  [350, 104],
  [400, 52],
];
const LINE = POINTS.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');

export const HeroArt = () => (
  <svg
    className="hero-art"
    width={HERO_ART_WIDTH}
    height={HERO_ART_HEIGHT}
    viewBox={`0 0 ${HERO_ART_WIDTH} ${HERO_ART_HEIGHT}`}
    aria-hidden="true"
    focusable="false"
  >
    <defs>
      <linearGradient id="hero-fill" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#0bd4c6" stopOpacity="0.45" />
        <stop offset="1" stopColor="#0bd4c6" stopOpacity="0" />
      </linearGradient>
    </defs>
    <rect
      x="0.5"
      y="0.5"
      width={HERO_ART_WIDTH - 1}
      height={HERO_ART_HEIGHT - 1}
      rx="16"
      fill="#111d20"
      stroke="#1f3135"
    />
    {[60, 110, 160, 210, 260].map((y) => (
      <line key={y} x1="20" x2="400" y1={y} y2={y} stroke="#1f3135" />
    ))}
    <path d={`${LINE} L400 270 L20 270 Z`} fill="url(#hero-fill)" />
    <path
      d={LINE}
      fill="none"
      stroke="#0bd4c6"
      strokeWidth="4"
      strokeLinejoin="round"
      strokeLinecap="round"
    />
    <circle
      cx="400"
      cy="52"
      r="7"
      fill="#e7fdfb"
      stroke="#0bd4c6"
      strokeWidth="3"
    />
    <g>
      <circle cx="88" cy="78" r="30" fill="#f7931a" />
      <path
        d="M80 62h12c6 0 10 3 10 8 0 3-2 6-5 7 4 1 6 4 6 8 0 6-5 9-11 9H80zm8 6v8h4c3 0 4-2 4-4s-1-4-4-4zm0 14v8h5c3 0 5-2 5-4s-2-4-5-4z"
        fill="#fff"
      />
      <circle cx="168" cy="66" r="22" fill="#627eea" />
      <path
        d="M168 50 L180 67 L168 74 L156 67 Z M168 77 L180 70 L168 84 L156 70 Z"
        fill="#fff"
      />
      <circle cx="226" cy="92" r="18" fill="#26a17b" />
      <path d="M216 84h20v5h-7.5v14h-5V89H216z" fill="#fff" />
    </g>
  </svg>
);
