import { RELOAD_GUARD_MS } from '../config/constants.ts';

/**
 * Reloads that can never loop (spec §4): a reload is allowed only when the last guarded one is
 * at least RELOAD_GUARD_MS (10 s) ago. The time of the last reload lives in session storage,
 * so it survives the reload it guards. Pure apart from the storage and clock it is given.
 */
export const RELOAD_AT_KEY = 'exchange:reload-at';

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const mayReload = (
  storage: GuardStorage | undefined,
  now: number,
  windowMs = RELOAD_GUARD_MS,
): boolean => {
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(RELOAD_AT_KEY) ?? Number.NaN);
  } catch {
    // storage blocked (private mode, sandboxed frame): no memory, so never reload twice
    return false;
  }
  return !(Number.isFinite(last) && now - last >= 0 && now - last < windowMs);
};

/**
 * Reloads (or loads `href`) unless another guarded reload happened within the window; first
 * runs `beforeReload` (saving the store). Returns whether it reloaded.
 */
export const guardedReload = (options: {
  storage: GuardStorage | undefined;
  now: number;
  reload: () => void;
  beforeReload?: () => void;
}): boolean => {
  const { storage, now, reload, beforeReload } = options;
  if (!mayReload(storage, now)) return false;
  try {
    storage?.setItem(RELOAD_AT_KEY, String(now));
  } catch {
    return false;
  }
  beforeReload?.();
  reload();
  return true;
};
