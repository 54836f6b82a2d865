/**
 * The regional frame (spec §1, §4, §9): shared regional components (header, footer, the
 * customer-service robot) from a script the deployment names (REGIONAL_FRAME_URL). The script
 * is loaded once; it sets `window.RegionalFrame` and signals `regional-frame:ready` on the
 * window. We wait for that with a 10 s guard that does nothing on expiry (the built-in header
 * and footer simply stay), and create each component once into its slot
 * (`[data-frame-slot="header"]` …). Once created, `<html data-frame="ready">` hides the
 * built-in header and footer.
 */
export const FRAME_READY_EVENT = 'regional-frame:ready';
export const FRAME_WAIT_MS = 10_000;
export const FRAME_SLOTS = ['header', 'footer', 'robot'] as const;
export type FrameSlot = (typeof FRAME_SLOTS)[number];

export type FrameOptions = {
  readonly locale: string;
  /** Our login and transfer, for the frame's buttons. */
  readonly openLogin: () => void;
  readonly openTransfer: () => void;
};

export type RegionalFrameApi = {
  readonly ready?: boolean;
  readonly create: (
    slot: FrameSlot,
    element: HTMLElement,
    options: FrameOptions,
  ) => void;
};

declare global {
  interface Window {
    RegionalFrame?: RegionalFrameApi;
  }
}

let started = false;
let created = false;

const frameApi = (): RegionalFrameApi | undefined =>
  typeof window.RegionalFrame?.create === 'function'
    ? window.RegionalFrame
    : undefined;

/** Creates the components once, into the slots the page has. */
const createOnce = (api: RegionalFrameApi, options: FrameOptions) => {
  if (created) return;
  created = true;
  let any = false;
  for (const slot of FRAME_SLOTS) {
    const element = document.querySelector<HTMLElement>(
      `[data-frame-slot="${slot}"]`,
    );
    if (!element) continue;
    try {
      api.create(slot, element, options);
      any = true;
    } catch {
      // a component that fails leaves the built-in one in place
    }
  }
  if (any) document.documentElement.dataset.frame = 'ready';
};

/** Loads the frame script once and creates its components when it is ready (≤ 10 s). */
export const startRegionalFrame = (
  url: string,
  options: FrameOptions,
  wait = FRAME_WAIT_MS,
): void => {
  if (started || !url) return;
  started = true;
  const ready = () => {
    const api = frameApi();
    if (api) createOnce(api, options);
  };
  const known = frameApi();
  if (known?.ready) {
    createOnce(known, options);
    return;
  }
  const onReady = () => {
    clearTimeout(guard);
    window.removeEventListener(FRAME_READY_EVENT, onReady);
    ready();
  };
  // the guard: on expiry it only stops waiting
  const guard = setTimeout(
    () => window.removeEventListener(FRAME_READY_EVENT, onReady),
    wait,
  );
  window.addEventListener(FRAME_READY_EVENT, onReady);
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.crossOrigin = 'anonymous';
  document.head.append(script);
};
