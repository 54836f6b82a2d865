import 'server-only';

import type { ReactNode } from 'react';

import { escapeHtml } from '../html.ts';

/**
 * HTML for a server-only part of a page, rendered once into a string (decision 0008).
 *
 * Every element a server component returns is serialized into the RSC payload, parsed again
 * for the HTML pass and rendered there, most of the work of an uncached page (decision 0008). Parts with no client component inside (the navigation, the footer links, a
 * list of cards) need none of that: rendered here, they travel as one string and reach the
 * HTML through `dangerouslySetInnerHTML` (see `StaticHtml`).
 *
 * It covers what such parts use — host elements, fragments, arrays, text and synchronous server
 * components — and throws on anything else (a client component, an async component, an event
 * handler, an attribute it does not know), so a part that needs React is never rendered wrong
 * in silence. The output is what React's static renderer writes for the same tree (tested).
 */

const ELEMENT = Symbol.for('react.transitional.element');
const LEGACY_ELEMENT = Symbol.for('react.element');
const FRAGMENT = Symbol.for('react.fragment');

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** The camel-case props it knows, spelled as React writes them (HTML ignores the case). */
const RENAMED: Readonly<Record<string, string>> = {
  className: 'class',
  htmlFor: 'for',
  tabIndex: 'tabindex',
  hrefLang: 'hrefLang',
  dateTime: 'dateTime',
  colSpan: 'colSpan',
  rowSpan: 'rowSpan',
  viewBox: 'viewBox',
  strokeWidth: 'stroke-width',
  strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin',
};

/** Attributes written bare when true and left out when false. */
const BOOLEAN = new Set(['hidden', 'disabled', 'open', 'inert']);

/** Props that are not attributes. */
const SKIPPED = new Set([
  'children',
  'dangerouslySetInnerHTML',
  'suppressHydrationWarning',
]);

/**
 * Marks a server component that, met inside a server-only part, is written as its `as` element
 * with its other props in place (`StaticHtml`: a server-only part inside another one, such as a
 * `TableWrap serverOnly` in a `StaticHtml` section, is already HTML, not a second frame).
 */
export const STATIC_CONTAINER = Symbol.for('exchange-web.static-container');

const fail = (what: string): never => {
  throw new Error(`static markup: ${what} needs React's renderer`);
};

const styleText = (style: unknown): string => {
  if (typeof style !== 'object' || style === null)
    return fail('a style that is not an object');
  const parts: string[] = [];
  for (const [name, value] of Object.entries(style)) {
    if (value === null || value === undefined || value === '') continue;
    if (typeof value !== 'string') fail(`the style value of ${name}`);
    const property = name.startsWith('--')
      ? name
      : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    parts.push(`${property}:${escapeHtml(String(value).trim())}`);
  }
  return parts.join(';');
};

/** An attribute's name as written, and its opening (` name="`): an attribute is then two joins. */
type AttributeName = { readonly html: string; readonly opening: string };

/** Attribute names as written, checked once per name (`null`: not an attribute). */
const NAMES = new Map<string, AttributeName | null>();
const attributeName = (name: string): AttributeName | null => {
  const known = NAMES.get(name);
  if (known !== undefined) return known;
  let html: string | null;
  if (SKIPPED.has(name)) html = null;
  else if (
    name.startsWith('aria-') ||
    name.startsWith('data-') ||
    name === name.toLowerCase()
  )
    html = name;
  else html = RENAMED[name] ?? fail(`the attribute ${name}`);
  const entry = html === null ? null : { html, opening: ` ${html}="` };
  NAMES.set(name, entry);
  return entry;
};

const attribute = (name: string, value: unknown): string => {
  if (typeof value === 'function') return fail(`the handler ${name}`);
  const known = attributeName(name);
  if (known === null) return '';
  if (value === null || value === undefined) return '';
  const { html, opening } = known;
  if (html === 'style') {
    const text = styleText(value);
    return text ? opening + text + '"' : '';
  }
  if (typeof value === 'string') return opening + escapeHtml(value) + '"';
  if (BOOLEAN.has(html)) return value ? opening + '"' : '';
  if (typeof value === 'boolean')
    return html.startsWith('aria-') || html.startsWith('data-')
      ? opening + String(value) + '"'
      : '';
  if (typeof value !== 'number') return fail(`the value of ${name}`);
  return opening + String(value) + '"';
};

type Element = {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
};

const isElement = (node: object): node is Element =>
  '$$typeof' in node &&
  (node.$$typeof === ELEMENT || node.$$typeof === LEGACY_ELEMENT);

const write = (node: unknown): string => {
  if (node === null || node === undefined || typeof node === 'boolean')
    return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) {
    let html = '';
    for (const child of node) html += write(child);
    return html;
  }
  if (typeof node !== 'object' || !isElement(node))
    return fail(`a child of type ${typeof node}`);
  const { type, props } = node;
  if (type === FRAGMENT) return write(props.children);
  if (typeof type === 'function') {
    if ('$$typeof' in type) return fail('a client component');
    if (STATIC_CONTAINER in type) {
      const { as, ...rest } = props;
      if (typeof as !== 'string') return fail('a container without a tag');
      return writeElement(as, rest);
    }
    const rendered: unknown = (type as (p: unknown) => unknown)(props);
    if (typeof rendered === 'object' && rendered !== null && 'then' in rendered)
      return fail('an async component');
    return write(rendered);
  }
  if (typeof type !== 'string') return fail('an element of this type');
  return writeElement(type, props);
};

/** `<tag` and `</tag>`, made once per tag. */
const TAGS = new Map<string, { open: string; close: string }>();
const tagOf = (type: string) => {
  let tag = TAGS.get(type);
  if (tag === undefined)
    TAGS.set(type, (tag = { open: `<${type}`, close: `</${type}>` }));
  return tag;
};

const writeElement = (type: string, props: Record<string, unknown>): string => {
  const tag = tagOf(type);
  let html = tag.open;
  for (const name in props) html += attribute(name, props[name]);
  if (VOID.has(type)) return html + '/>';
  const inner = props.dangerouslySetInnerHTML as
    { __html?: unknown } | undefined;
  return (
    html +
    '>' +
    (inner && typeof inner.__html === 'string'
      ? inner.__html
      : write(props.children)) +
    tag.close
  );
};

/** The HTML of a server-only tree (see the module comment for what it accepts). */
export const renderStaticMarkup = (node: ReactNode): string => write(node);
