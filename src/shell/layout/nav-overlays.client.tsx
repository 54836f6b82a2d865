'use client';

import {
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type RefObject,
} from 'react';
import {
  Button,
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
  Popover,
} from 'react-aria-components';
import { flushSync } from 'react-dom';

import { anchorOf, isPlainClick } from '../../lib/client/links.ts';
import type { NavGroupItem, NavLinkItem } from './nav-marks.ts';

/**
 * The links of a group, as the site's links (`data-app-link`: `SiteLinkNavigation` makes a
 * click a client navigation).
 */
const NavLinks = ({ links }: { links: readonly NavLinkItem[] }) => (
  <ul className="nav-overlay-links">
    {links.map((link) => (
      <li key={link.href}>
        <a
          href={link.href}
          data-app-link=""
          aria-current={link.current ? 'page' : undefined}
          data-track={link.track}
        >
          {link.label}
        </a>
      </li>
    ))}
  </ul>
);

/**
 * A link followed (a plain click, Enter included) closes the overlay it is in; its own click goes
 * on to the navigation. The focus then goes to the main content, as after any navigation that
 * took the focused element away (`SiteLinkNavigation`), not back to the menu's button: the overlay
 * is closed at once (`flushSync`) so that its focus scope lets go first. A modified click (a new
 * tab) leaves it open.
 */
const closeOnLink =
  (onClose: () => void) => (event: MouseEvent<HTMLElement>) => {
    if (!anchorOf(event, 'a[href]') || !isPlainClick(event)) return;
    flushSync(onClose);
    document.getElementById('main')?.focus({ preventScroll: true });
  };

/**
 * The items of `list` (the server's list of a group's links) while mounted: moved into a list of
 * this tree, so that React hands their events (Escape, a link's click) to the popover, and moved
 * back when it unmounts, so the page has each link once. Should the server's list have been
 * filled anew meanwhile (a navigation while open), the moved items are dropped instead.
 */
const MovedLinks = ({ list }: { list: HTMLElement }) => {
  const holder = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const into = holder.current;
    if (!into) return;
    into.append(...list.childNodes);
    return () => {
      if (list.childNodes.length === 0) list.append(...into.childNodes);
      else into.replaceChildren();
    };
  }, [list]);
  return <ul ref={holder} className={list.className} />;
};

/**
 * A group's links (the server's list, `list`) in a react-aria popover under its button: Escape
 * and a click outside close it, the focus moves into it and back to the button when it closes.
 * It is drawn inside the group's list item (not at the end of the body), so its links stay in
 * the navigation landmark.
 */
export const NavPopover = ({
  label,
  triggerRef,
  container,
  list,
  onClose,
}: {
  label: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  container: HTMLElement;
  list: HTMLElement;
  onClose: () => void;
}) => (
  <Popover
    isOpen
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    triggerRef={triggerRef}
    placement="bottom start"
    offset={6}
    className="zmx-pv-popover nav-popover"
    UNSTABLE_portalContainer={container}
  >
    <Dialog aria-label={label} className="nav-popover-dialog">
      {/* the clicks handled here are the links' own (keyboard activation included) */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div onClick={closeOnLink(onClose)}>
        <MovedLinks list={list} />
      </div>
    </Dialog>
  </Popover>
);

/**
 * The navigation drawer for narrow screens: a react-aria modal dialog (focus trapped inside,
 * Escape and a click outside close it, the focus returns to the Menu button) holding every
 * group under its heading.
 */
export const NavDrawer = ({
  groups,
  title,
  navLabel,
  closeLabel,
  onClose,
}: {
  groups: readonly NavGroupItem[];
  title: string;
  navLabel: string;
  closeLabel: string;
  onClose: () => void;
}) => (
  <ModalOverlay
    isOpen
    isDismissable
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    className="zmx-pv-overlay nav-drawer-overlay"
  >
    <Modal className="nav-drawer">
      <Dialog className="nav-drawer-dialog">
        <div className="nav-drawer-head">
          <Heading slot="title">{title}</Heading>
          <Button slot="close" className="zmx-pv-close" aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </Button>
        </div>
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <nav
          className="nav-drawer-groups"
          aria-label={navLabel}
          onClick={closeOnLink(onClose)}
        >
          {groups.map((group) => (
            <section
              key={group.id}
              aria-labelledby={`nav-drawer-${group.id}`}
              className="nav-drawer-group"
            >
              <h3 id={`nav-drawer-${group.id}`}>{group.label}</h3>
              <NavLinks links={group.links} />
            </section>
          ))}
        </nav>
      </Dialog>
    </Modal>
  </ModalOverlay>
);
