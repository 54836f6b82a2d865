'use client';

import { Suspense, useEffect, useState } from 'react';

import { navButtonPending, navMenusReady } from '../../lib/client/kernel.ts';
import { lazyChunk } from '../../lib/client/on-first-use.ts';
import {
  NAV_BUTTON,
  NAV_CLOSE_LABEL,
  NAV_GROUP,
  navButtonOf,
  type NavGroupItem,
} from './nav-marks.ts';

/**
 * The overlays (react-aria popover and modal) are their own chunk: fetched when a person points
 * at or focuses a menu button, so the first open rarely waits.
 */
const loadOverlays = () => import('./nav-overlays.client.tsx');
const preload = () => {
  // a failed fetch is retried by the lazy component on open, which reports it
  loadOverlays().catch(() => undefined);
};
const NavPopover = lazyChunk(loadOverlays, (m) => m.NavPopover);
const NavDrawer = lazyChunk(loadOverlays, (m) => m.NavDrawer);

/** A group's menu, open: its button, its list item and the server's list of its links. */
type OpenGroup = {
  readonly button: HTMLButtonElement;
  readonly item: HTMLElement;
  readonly list: HTMLElement;
  readonly label: string;
};

type OpenDrawer = {
  readonly button: HTMLButtonElement;
  readonly groups: readonly NavGroupItem[];
  readonly title: string;
  readonly navLabel: string;
  readonly closeLabel: string;
};

const text = (element: Element | null | undefined): string =>
  element?.textContent?.trim() ?? '';

/** Every group of the navigation `nav`, as its server HTML holds it. */
const readGroups = (nav: Element): NavGroupItem[] =>
  [...nav.querySelectorAll(`[${NAV_GROUP}]`)].map((item) => ({
    id: item.getAttribute(NAV_GROUP) ?? '',
    label: text(item.querySelector(`button[${NAV_BUTTON}]`)),
    links: [...item.querySelectorAll('a[href]')].map((link) => ({
      href: link.getAttribute('href') ?? '',
      label: text(link),
      current: link.getAttribute('aria-current') === 'page',
      track: link.getAttribute('data-track') ?? '',
    })),
  }));

const groupOf = (button: HTMLButtonElement): OpenGroup | null => {
  const item = button.closest(`[${NAV_GROUP}]`);
  const list = item?.querySelector('ul');
  if (!(item instanceof HTMLElement) || !(list instanceof HTMLElement))
    return null;
  return { button, item, list, label: text(button) };
};

const drawerOf = (button: HTMLButtonElement): OpenDrawer | null => {
  const nav = button.closest('nav');
  if (!nav) return null;
  return {
    button,
    groups: readGroups(nav),
    title: text(button),
    navLabel: nav.getAttribute('aria-label') ?? '',
    closeLabel: button.getAttribute(NAV_CLOSE_LABEL) ?? '',
  };
};

/** Keeps a button's `aria-expanded` in step with its overlay (the button is server HTML). */
const useExpanded = (button: HTMLButtonElement | undefined) => {
  useEffect(() => {
    if (!button) return;
    button.setAttribute('aria-expanded', 'true');
    return () => button.setAttribute('aria-expanded', 'false');
  }, [button]);
};

/**
 * The header's menus (part of the widgets chunk, decision 0019): the navigation is server HTML
 * (`SiteNav`), and this brings its buttons to life with one set of document listeners. A
 * group's button opens a react-aria popover holding that group's list of links (moved into it
 * while open, so each link is on the page once); the Menu button opens the navigation drawer.
 * A click that came before this chunk was in (kept by the first JS in `navButtonPending`) is
 * answered as soon as it mounts.
 */
export const NavMenus = () => {
  const [group, setGroup] = useState<OpenGroup | null>(null);
  const [drawer, setDrawer] = useState<OpenDrawer | null>(null);
  useExpanded(group?.button);
  useExpanded(drawer?.button);

  useEffect(() => {
    const activate = (button: HTMLButtonElement) => {
      if (button.getAttribute(NAV_BUTTON) === 'drawer') {
        setDrawer(drawerOf(button));
        return;
      }
      setGroup((open) => (open?.button === button ? null : groupOf(button)));
    };
    const onClick = (event: MouseEvent) => {
      const button = navButtonOf(event);
      if (button) activate(button);
    };
    const warm = (event: Event) => {
      if (navButtonOf(event)) preload();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', warm);
    document.addEventListener('focusin', warm);
    navMenusReady.set(true);
    const pending = navButtonPending.get();
    navButtonPending.set(null);
    if (pending?.isConnected) activate(pending);
    return () => {
      navMenusReady.set(false);
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);

  // a client navigation that replaced the header closes what was open in it
  useEffect(() => {
    if (!group && !drawer) return;
    const watch = new MutationObserver(() => {
      if (group && !group.item.isConnected) setGroup(null);
      if (drawer && !drawer.button.isConnected) setDrawer(null);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [group, drawer]);

  return (
    <>
      {group ? (
        <Suspense fallback={null}>
          <NavPopover
            label={group.label}
            triggerRef={{ current: group.button }}
            container={group.item}
            list={group.list}
            onClose={() => setGroup(null)}
          />
        </Suspense>
      ) : null}
      {drawer ? (
        <Suspense fallback={null}>
          <NavDrawer
            groups={drawer.groups}
            title={drawer.title}
            navLabel={drawer.navLabel}
            closeLabel={drawer.closeLabel}
            onClose={() => setDrawer(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
};
