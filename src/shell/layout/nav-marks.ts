/**
 * The header navigation's marks in the server HTML (`site-nav.tsx`), read by the first JS's
 * hand-off (`app-root.client.tsx`) and by the menus the widgets chunk brings (`NavMenus`,
 * decision 0019). No client component renders the navigation: it is server HTML that works
 * without scripts, enhanced once the widgets chunk is in.
 */

/** On each of the navigation's buttons: `drawer` (the Menu button) or `group` (a menu's button). */
export const NAV_BUTTON = 'data-nav-button';

/** On the Menu button: the accessible name of the drawer's close button. */
export const NAV_CLOSE_LABEL = 'data-close-label';

/** On a group's list item: the group's id. */
export const NAV_GROUP = 'data-nav-group';

/** The navigation button an event happened on, if any. */
export const navButtonOf = (event: Event): HTMLButtonElement | null => {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const button = target.closest(`button[${NAV_BUTTON}]`);
  return button instanceof HTMLButtonElement ? button : null;
};

export type NavLinkItem = {
  readonly href: string;
  readonly label: string;
  readonly current: boolean;
  /** The link's analytics marker (`link:nav-savings`). */
  readonly track: string;
};

export type NavGroupItem = {
  readonly id: string;
  readonly label: string;
  readonly links: readonly NavLinkItem[];
};
