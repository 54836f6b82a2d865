import 'server-only';

import type { ReactNode } from 'react';

import { findRequestContext } from '../lib/server/request-context.ts';
import {
  renderStaticMarkup,
  STATIC_CONTAINER,
} from '../lib/server/static-markup.ts';
import {
  StaticHtmlFrame,
  type StaticHtmlAttributes,
} from './static-html-frame.client.tsx';

/**
 * A server-only part of a page (no client component inside), rendered once to HTML and sent
 * as one string: in the RSC payload, the HTML pass and hydration it is a single element
 * instead of one per tag (decision 0008). For a document the string goes to the HTML pass
 * through the request, not the payload: the browser finds it in the page (decision 0009).
 */
export const StaticHtml = ({
  as,
  children,
  ...attributes
}: StaticHtmlAttributes & { children: ReactNode }) => {
  const html = renderStaticMarkup(children);
  const parts = findRequestContext()?.staticHtml;
  if (!parts) return <StaticHtmlFrame as={as} html={html} {...attributes} />;
  const key = `p${parts.size}`;
  parts.set(key, html);
  return <StaticHtmlFrame as={as} htmlKey={key} {...attributes} />;
};

// inside another server-only part it is written in place, as its container element
Object.defineProperty(StaticHtml, STATIC_CONTAINER, { value: true });
