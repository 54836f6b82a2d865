/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in: @lingui/react imports
 * the shim (written for React 16/17), and the shim's own fallback code would otherwise ride in
 * every page's first JS. waku.config.ts points the import here.
 */
export { useSyncExternalStore } from 'react';
