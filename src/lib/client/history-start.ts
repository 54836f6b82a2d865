/**
 * The start of the Back and Forward runtime (decision 0034), in the page's first JS beside the
 * router's interceptor (`history-boot.ts`): the runtime itself is asked for at once only when the
 * document was loaded for an entry that may have a position to restore (a reload, a traversal
 * that loads the document anew). On any other load it comes with `HistoryNavigation`'s chunk, as
 * the page hydrates (decision 0038). Apart from `history-boot.ts`, which the runtime imports, so
 * no import cycle joins them.
 */
/**
 * Before hydration: a reload or a traversal that loads the document anew may have a position
 * to go back to, so the runtime is asked for now rather than with the page's other chunks.
 */
export const startHistory = (): void => {
  const { type } = (performance.getEntriesByType('navigation')[0] ?? {}) as {
    type?: string;
  };
  if (type !== 'reload' && type !== 'back_forward') return;
  import('./history-runtime.ts').then(
    ({ bootHistory }) => bootHistory(),
    () => {
      // not loaded: the router and the browser handle Back and Forward as before
    },
  );
};
