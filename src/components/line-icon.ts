/**
 * The stroke of the site's line icons (the menu chevron, the theme switch's moon and sun): no
 * fill, the text colour, round ends and joins. Spread onto the icon's `<path>` or `<g>` after its
 * shape, so every line icon is drawn alike.
 */
export const roundStroke = (width: string) =>
  ({
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: width,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  }) as const;
