export const BUTTON_TYPES = ['button', 'banner', 'link', 'menu'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/**
 * `data-track="banner:home-launchpad"` → the Click it stands for (spec §3 button types). Its own
 * module: the click listener in every page's first JS needs only this, not the collector.
 */
export const parseTrackMarker = (
  marker: string | null | undefined,
): { buttonType: ButtonType; name: string } | undefined => {
  const match = /^(button|banner|link|menu):([\w.-]{1,80})$/.exec(marker ?? '');
  if (!match) return undefined;
  return { buttonType: match[1] as ButtonType, name: match[2] ?? '' };
};
