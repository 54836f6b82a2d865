import 'server-only';

import type { ReactNode } from 'react';

import { renderStaticMarkup } from '../lib/server/static-markup.ts';

type Container = 'div' | 'nav' | 'ul' | 'section' | 'summary';

/**
 * A server-only part of a page (no client component inside), rendered once to HTML and sent
 * as one string: in the RSC payload, the HTML pass and hydration it is a single element
 * instead of one per tag (decision 0008). The container element itself stays a React element
 * with the given attributes.
 */
export const StaticHtml = ({
  as: Tag,
  children,
  ...attributes
}: {
  as: Container;
  children: ReactNode;
  className?: string;
  role?: string;
  tabIndex?: number;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) => (
  <Tag
    {...attributes}
    dangerouslySetInnerHTML={{ __html: renderStaticMarkup(children) }}
  />
);
