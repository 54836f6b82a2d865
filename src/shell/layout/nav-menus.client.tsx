'use client';

import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';

export type NavLinkItem = {
  readonly id: string;
  readonly href: string;
  readonly label: string;
  readonly current: boolean;
};

export type NavGroupItem = {
  readonly id: string;
  readonly label: string;
  readonly links: readonly NavLinkItem[];
};

/**
 * The overlays (react-aria popover and modal) are their own chunk: fetched when a person points
 * at or focuses a menu button, so the first open rarely waits, and never part of the first JS.
 */
const loadOverlays = () => import('./nav-overlays.client.tsx');
const preload = () => {
  // a failed fetch is retried by the lazy component on open, which reports it
  loadOverlays().catch(() => undefined);
};
const NavPopover = lazy(() =>
  loadOverlays().then((m) => ({ default: m.NavPopover })),
);
const NavDrawer = lazy(() =>
  loadOverlays().then((m) => ({ default: m.NavDrawer })),
);

const Chevron = () => (
  <svg
    className="nav-chevron"
    width="12"
    height="12"
    viewBox="0 0 12 12"
    aria-hidden="true"
    focusable="false"
  >
    <path
      d="M2.5 4.5 6 8l3.5-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * One group of the header navigation at 1024 px and wider: a button that opens a popover of the
 * group's links (`aria-expanded` says whether it is open). `children` is the group's list of
 * links (server HTML): beside the button, where only a page without scripts shows it, and moved
 * into the popover while it is open, so the page holds each link once.
 */
export const NavMenu = ({
  group,
  children,
}: {
  group: NavGroupItem;
  children: ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [item, setItem] = useState<HTMLLIElement | null>(null);
  const here = group.links.some((link) => link.current);
  return (
    <li ref={setItem} className="nav-group">
      <button
        ref={button}
        type="button"
        className="nav-group-button"
        aria-expanded={open}
        data-here={here ? '' : undefined}
        data-track={`menu:nav-${group.id}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((was) => !was)}
      >
        {group.label}
        <Chevron />
      </button>
      {open && item ? (
        <Suspense fallback={children}>
          <NavPopover
            label={group.label}
            triggerRef={button}
            container={item}
            onClose={() => setOpen(false)}
          >
            {children}
          </NavPopover>
        </Suspense>
      ) : (
        children
      )}
    </li>
  );
};

/** Below 1024 px: one Menu button opening the navigation drawer with every group. */
export const NavDrawerButton = ({
  groups,
  label,
  navLabel,
  closeLabel,
}: {
  groups: readonly NavGroupItem[];
  label: string;
  navLabel: string;
  closeLabel: string;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="nav-drawer-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        data-track="menu:nav-drawer"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 20 20"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M3 5h14M3 10h14M3 15h14"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        <span className="nav-drawer-label">{label}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NavDrawer
            groups={groups}
            title={label}
            navLabel={navLabel}
            closeLabel={closeLabel}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
};
