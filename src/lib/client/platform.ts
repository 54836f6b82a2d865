import { parseAppUserAgent, type Platform } from '../config/platform.ts';

/**
 * The Platform header in the browser (spec §7): the native app's own platform when the
 * user agent is the app's, `h5` on a phone or tablet, `pc` otherwise. Lighter than the
 * server's detection (no user-agent database in the browser bundle): a browser that says
 * `Mobi`, `Android`, `iPhone`, `iPad` or `iPod`, or an iPad posing as a Mac with touch.
 */
export const browserPlatform = (
  userAgent: string,
  maxTouchPoints = 0,
): Platform => {
  const app = parseAppUserAgent(userAgent);
  if (app) return app.platform;
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(userAgent)) return 'h5';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'h5';
  return 'pc';
};
