/**
 * App-store badges we draw ourselves (not the stores' artwork): the platform's mark from the
 * site's own icon set (`/icons/simple-icons/…`, CC0), a localized line ("Download on the") and
 * the store's name, which stays as the store writes it. The two lines are the link's name.
 */

export const STORES = {
  ios: { name: 'App Store', icon: 'apple' },
  android: { name: 'Google Play', icon: 'googleplay' },
} as const;

export const StoreBadge = ({
  href,
  store,
  lead,
  track,
}: {
  href: string;
  store: keyof typeof STORES;
  /** "Download on the" / "Get it on", in the page's language. */
  lead: string;
  track: string;
}) => (
  <a className="store-badge" href={href} data-track={track}>
    <img
      className="store-badge-icon"
      src={`/icons/simple-icons/${STORES[store].icon}.svg`}
      width={28}
      height={28}
      alt=""
      loading="lazy"
      decoding="async"
    />
    <span className="store-badge-text">
      <span className="store-badge-lead">{lead}</span>{' '}
      <span className="store-badge-name">{STORES[store].name}</span>
    </span>
  </a>
);
