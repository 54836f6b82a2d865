/** The anchor matching `selector` that an event happened in, if any. */
export const anchorOf = (
  event: { readonly target: EventTarget | null },
  selector: string,
): HTMLAnchorElement | null =>
  event.target instanceof Element
    ? event.target.closest<HTMLAnchorElement>(selector)
    : null;

/** A left click with no modifier key: the only one a page turns into a client navigation. */
export const isPlainClick = (
  event: Pick<
    MouseEvent,
    'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'
  >,
): boolean =>
  event.button === 0 &&
  !event.metaKey &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.shiftKey;
