import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_defaultRootOptions as defaultRootOptions } from 'waku/client';
import { Router } from 'waku/router/client';

import { interceptPop } from './lib/client/history-boot.ts';
import { startHistory } from './lib/client/history-start.ts';
import { inOwnTask } from './lib/client/own-task.ts';
import { warmIntlOffMainThread } from './lib/client/warm-intl.ts';

/**
 * The browser's entry: Waku's own (hydrate the server's document, else render it), with the
 * hydration started in a transition. Outside one, React hydrates the whole document in one go
 * (the default lane is not time-sliced), so a phone's main thread is blocked for the whole
 * hydration; in a transition React yields to the browser every few milliseconds, so a tap or a
 * scroll is answered between slices and no task of it counts as blocking. The figures are in
 * decision 0024. Either way, the browser's number and date formatting data are loaded on a
 * worker at the same time, so the page's first formatted figure does not block the main thread
 * either. The hydration starts in a task of its own, after the one that evaluates the page's
 * modules (React DOM's own set-up is most of it): two tasks under a phone's 50 ms, not one over
 * it (decision 0027). The router's traversals go through `interceptPop` (decision 0034), and a
 * reloaded page asks for the Back and Forward runtime at once, to restore its position
 * (`startHistory`; on other loads it comes with the page's chunks, decision 0038).
 */
const app = (
  <StrictMode>
    <Router unstable_routeInterceptor={interceptPop} />
  </StrictMode>
);

startHistory();
const { __WAKU_HYDRATE__: hydrate } = globalThis as {
  __WAKU_HYDRATE__?: boolean;
};
if (hydrate) {
  inOwnTask(() => {
    startTransition(() => {
      hydrateRoot(document, app, defaultRootOptions);
    });
  });
} else {
  createRoot(document, defaultRootOptions).render(app);
}
warmIntlOffMainThread(document.documentElement.lang);
