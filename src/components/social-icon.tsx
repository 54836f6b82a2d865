import type { SocialChannel } from '../lib/config/index.ts';

/**
 * A social channel's brand icon (served by the site's icon middleware), decorative beside the
 * channel's name.
 */
export const SocialIcon = ({
  channel,
  size,
  className,
}: {
  channel: SocialChannel;
  size: number;
  className?: string | undefined;
}) => (
  <img
    className={className}
    src={`/icons/simple-icons/${channel}.svg`}
    width={size}
    height={size}
    alt=""
    loading="lazy"
    decoding="async"
  />
);
