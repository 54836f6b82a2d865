import 'server-only';

/**
 * A streamed document rewritten as if its sections had been ready when React wrote the shell
 * (decision 0033): what the page cache and the last-good store keep, so a hit and a crawler get
 * each section in its place, with no hidden segment and no script that moves it.
 *
 * React's HTML pass (react-dom/server, Fizz) writes a Suspense boundary that was still waiting
 * when the shell went out as
 *
 *   <!--$?--><template id="B:0"></template>…fallback…<!--/$-->
 *
 * and, once its content is ready, the content at the end of the body with the script that moves
 * it in place:
 *
 *   <div hidden id="S:0">…content…</div><script>…$RC("B:0","S:0")</script>
 *
 * A boundary ready in time is written in place as `<!--$-->…content…<!--/$-->`, which is what
 * this makes of each one, dropping React's reveal scripts. This reads React's output format: a
 * framework reach-in (docs/framework-workarounds.md), guarded by in-order-document.test.ts,
 * which renders real boundaries with react-dom/server and compares with an in-time render.
 * Anything it does not recognise (a boundary that errored, a segment in another wrapper, an
 * instruction it does not know) gives undefined: the caller keeps nothing rather than a
 * document it cannot vouch for.
 */

/**
 * Without JavaScript, a section that streamed in (src/components/section.tsx) is not moved in
 * place: its content stays at the end of the body in React's hidden element. The document's
 * `<noscript><style>` shows those elements where they are and takes away the empty
 * placeholders, so the page stays whole to read and use (decision 0033). A document from a
 * store has its sections in place already (`inOrderDocument`) and nothing to match.
 */
export const WITHOUT_SCRIPTS =
  'body>div[hidden][id^="S:"]{display:block}.streamed-section:has(>.section-placeholder){display:none}';

/** The element that carries a segment's id, in each of React's wrappers, and what wraps it. */
const SEGMENT_TAG = /<(div|svg|math|table|tbody|tr|colgroup)\b[^>]*$/;

const tagPatterns = new Map<string, RegExp>();
/** A script, skipped whole, or the start or end of an element named `name`. */
const tagsOf = (name: string): RegExp => {
  let pattern = tagPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(
      `<script\\b[^>]*>[\\s\\S]*?<\\/script>|<${name}\\b|<\\/${name}>`,
      'g',
    );
    tagPatterns.set(name, pattern);
  }
  return pattern;
};

/** The index of the end tag that closes the `name` element whose content starts at `from`. */
const closingTag = (
  html: string,
  name: string,
  from: number,
): number | undefined => {
  const tags = tagsOf(name);
  tags.lastIndex = from;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[0].startsWith('<script')) continue;
    if (match[0] === `</${name}>`) {
      if (depth === 0) return match.index;
      depth--;
    } else depth++;
  }
  return undefined;
};

/** Boundary markers (`<!--$?-->`, `<!--/$-->` …), scripts skipped whole. */
const MARKERS = /<script\b[^>]*>[\s\S]*?<\/script>|<!--(\/?[$&][?!~]?)-->/g;

/** The index of the `<!--/$-->` that closes the boundary whose fallback starts at `from`. */
const boundaryEnd = (html: string, from: number): number | undefined => {
  MARKERS.lastIndex = from;
  let depth = 0;
  for (let match = MARKERS.exec(html); match; match = MARKERS.exec(html)) {
    const marker = match[1];
    if (marker === undefined) continue;
    if (marker.startsWith('/')) {
      if (depth === 0) return match.index;
      depth--;
    } else depth++;
  }
  return undefined;
};

/**
 * React's instruction scripts: the reveal clock, and scripts that define its runtime
 * (`$RB`, `$RV`, `$RC`, `$RS` …) and call it.
 */
const INSTRUCTION_SCRIPT =
  /<script\b[^>]*>((?:requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);|\$R[A-Z]*[=(])(?:(?!<\/script>)[\s\S])*)<\/script>/g;
const CALL = /\$R([A-Z])\("([A-Z]:[0-9a-z]+)","([A-Z]:[0-9a-z]+)"\)/g;

type Move = { kind: 'C' | 'S'; from: string; to: string };

/** The segment `id` taken out of the document: the document without it, and its content. */
const takeSegment = (
  html: string,
  id: string,
): { html: string; content: string } | undefined => {
  const at = html.indexOf(` id="${id}"`);
  if (at < 0) return undefined;
  const tagStart = html.lastIndexOf('<', at);
  const tag = SEGMENT_TAG.exec(html.slice(tagStart, at));
  const name = tag?.[1];
  const contentStart = html.indexOf('>', at) + 1;
  if (!name || contentStart === 0) return undefined;
  const wrapped =
    name !== 'div' &&
    name !== 'svg' &&
    name !== 'math' &&
    html.startsWith('<table hidden>', tagStart - '<table hidden>'.length);
  const contentEnd = closingTag(html, name, contentStart);
  if (contentEnd === undefined) return undefined;
  let end = contentEnd + `</${name}>`.length;
  if (wrapped) {
    if (!html.startsWith('</table>', end)) return undefined;
    end += '</table>'.length;
  }
  return {
    html:
      html.slice(0, wrapped ? tagStart - '<table hidden>'.length : tagStart) +
      html.slice(end),
    content: html.slice(contentStart, contentEnd),
  };
};

const applyMove = (html: string, move: Move): string | undefined => {
  const taken = takeSegment(html, move.from);
  if (!taken) return undefined;
  const text = taken.html;
  if (move.kind === 'S') {
    // a part of a boundary written apart: in place of its template
    const template = `<template id="${move.to}"></template>`;
    const at = text.indexOf(template);
    if (at < 0) return undefined;
    return text.slice(0, at) + taken.content + text.slice(at + template.length);
  }
  // a boundary's content: in place of its fallback, marked as a boundary written in time
  const opening = `<!--$?--><template id="${move.to}"></template>`;
  const start = text.indexOf(opening);
  if (start < 0) return undefined;
  const end = boundaryEnd(text, start + opening.length);
  if (end === undefined) return undefined;
  return `${text.slice(0, start)}<!--$-->${taken.content}${text.slice(end)}`;
};

/** What would still need a script: a boundary or segment left over, an instruction unknown here. */
const UNRESOLVED = /<template id="[BPS]:|id="S:|\$R[A-Z]\(|<!--\$[?!~]-->/;

export const inOrderDocument = (html: string): string | undefined => {
  const moves: Move[] = [];
  let unknown = false;
  let text = html.replace(INSTRUCTION_SCRIPT, (_script, body: string) => {
    for (const call of body.matchAll(CALL)) {
      const kind = call[1];
      if (kind !== 'C' && kind !== 'S') unknown = true;
      else
        moves.push({
          kind,
          from: kind === 'C' ? (call[3] ?? '') : (call[2] ?? ''),
          to: kind === 'C' ? (call[2] ?? '') : (call[3] ?? ''),
        });
    }
    return '';
  });
  if (unknown) return undefined;
  // in the order React would run them: a part may land inside a segment not yet moved
  for (const move of moves) {
    const next = applyMove(text, move);
    if (next === undefined) return undefined;
    text = next;
  }
  return UNRESOLVED.test(text) ? undefined : text;
};
