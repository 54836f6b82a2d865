/**
 * Whether the text a person came to read can be read: run in the page (`page.evaluate`), one
 * call per page and width, self-contained (Playwright sends its source).
 *
 * For every visible text of the elements `targets` selects (table cells, menu items, a dialog's
 * contents):
 *
 * - **clipped**: its box is wider than the element shows (`scrollWidth > clientWidth` under
 *   `overflow: hidden` or `clip`, an ellipsis) or a line of it reaches past an ancestor that hides
 *   its overflow. A scroll box is not clipping: what is past its edge is reached by scrolling;
 * - **covered**: brought into view as a person would (the table scrolled sideways until the cell
 *   starts right after the pinned columns, the page scrolled until the line is in the middle of
 *   the window), `elementFromPoint` at the start, middle and end of each line must be the text's
 *   own element. A pinned column that lies over it (at every scroll position, because the columns
 *   between the pinned ones are too narrow for it) covers it;
 * - **broken**: a control's short label (a button, a tab, a menu link, a column header: at most
 *   12 graphemes) runs onto two lines ("最大" stacked as 最 / 大);
 * - **orphaned**: a heading of `headings` with a line that is one Han or kana character alone;
 * - **outside the viewport**: for `containers` (an open menu or dialog), the box past the left or
 *   right edge of the window or above its top.
 *
 * The page's scroll positions are put back afterwards.
 */
export const readabilityProblems = ({
  targets,
  containers = '',
  headings = '',
}: {
  targets: string;
  containers?: string;
  /** Headings whose lines must not end with one CJK character alone ("方"). */
  headings?: string;
}): string[] => {
  const found: string[] = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const name = (element: Element) =>
    `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  const style = (element: Element) => getComputedStyle(element);
  const hides = (value: string) => value === 'hidden' || value === 'clip';
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';
  /** Visually hidden text (a 1 px clipped label) is heard, not read: not checked. */
  const heardOnly = (element: Element) => {
    for (let p: Element | null = element; p; p = p.parentElement) {
      const r = p.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return true;
      if (style(p).clipPath.startsWith('inset(50%')) return true;
    }
    return false;
  };
  const restore: [Element | Window, number, number][] = [
    [window, window.scrollX, window.scrollY],
  ];
  const scrollBoxes = new Set<Element>();
  /** The nearest ancestor that scrolls sideways (a table's scroll box), if any. */
  const scrollBoxOf = (element: Element) => {
    for (
      let p = element.parentElement;
      p && p !== document.body;
      p = p.parentElement
    )
      if (scrolls(style(p).overflowX) && p.scrollWidth > p.clientWidth + 1)
        return p;
    return undefined;
  };
  /** Pinned (sticky) cells of a row at its start and at its end, in px. */
  const pinned = (cell: Element) => {
    const row = cell.closest('tr');
    let start = 0;
    let end = 0;
    for (const c of row?.children ?? []) {
      const s = style(c);
      if (s.position !== 'sticky') continue;
      const w = c.getBoundingClientRect().width;
      if (s.insetInlineStart !== 'auto') start += w;
      else if (s.insetInlineEnd !== 'auto') end += w;
    }
    return { start, end };
  };
  const isPinned = (element: Element) =>
    style(element.closest('th, td') ?? element).position === 'sticky';
  const textRects = (element: Element) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const parent = node.parentElement;
      if (!parent?.checkVisibility() || heardOnly(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects())
        if (r.width > 0.5 && r.height > 0.5) rects.push(r);
    }
    return rects;
  };

  /** Bring `element` into view as a reader would: its table scrolled past the pinned columns. */
  const bringIntoView = (element: Element) => {
    const box = scrollBoxOf(element);
    if (box) {
      if (!scrollBoxes.has(box)) {
        scrollBoxes.add(box);
        restore.push([box, box.scrollLeft, box.scrollTop]);
      }
      if (!isPinned(element)) {
        const { start } = pinned(element);
        const b = box.getBoundingClientRect();
        const r = element.getBoundingClientRect();
        const rtl = style(box).direction === 'rtl';
        const delta = rtl
          ? r.right - (b.right - box.clientLeft - start)
          : r.left - (b.left + box.clientLeft + start);
        if (Math.abs(delta) > 0.5)
          box.scrollTo({ left: box.scrollLeft + delta, behavior: 'instant' });
      }
    }
    const r = element.getBoundingClientRect();
    if (r.top < 0 || r.bottom > height)
      window.scrollTo({
        left: window.scrollX,
        top: window.scrollY + r.top + r.height / 2 - height / 2,
        behavior: 'instant',
      });
  };

  if (containers)
    for (const container of document.querySelectorAll(containers)) {
      if (!container.checkVisibility()) continue;
      const r = container.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5 || r.top < -0.5)
        found.push(
          `${name(container)} is outside the window (${Math.round(r.left)}–${Math.round(r.right)}px of ${width}px, top ${Math.round(r.top)}px)`,
        );
    }

  if (headings)
    for (const heading of document.querySelectorAll(headings)) {
      if (!heading.checkVisibility()) continue;
      // each character's line, by the top of its box
      const lines = new Map<number, string>();
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          if (r.width < 0.5) continue;
          const top = Math.round(r.top);
          lines.set(top, (lines.get(top) ?? '') + text[i]);
        }
      }
      for (const line of lines.values()) {
        const letters = line.replace(/[\s\p{P}]/gu, '');
        if (
          lines.size > 1 &&
          [...letters].length === 1 &&
          /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(
            letters,
          )
        )
          found.push(`${name(heading)} leaves "${letters}" alone on a line`);
      }
    }

  const checked = new Set<Element>();
  for (const element of document.querySelectorAll(targets)) {
    if (checked.has(element) || !element.checkVisibility()) continue;
    checked.add(element);
    if (heardOnly(element)) continue;
    const s = style(element);
    // an ellipsis or a hidden overflow inside the element itself
    if (
      (hides(s.overflowX) || s.textOverflow === 'ellipsis') &&
      element.scrollWidth > element.clientWidth + 1
    ) {
      found.push(
        `${name(element)} is clipped (${element.scrollWidth}px of text in ${element.clientWidth}px)`,
      );
      continue;
    }
    bringIntoView(element);
    const rects = textRects(element);
    if (!rects.length) continue;
    // a line past an ancestor that hides its overflow is cut
    let cut: Element | undefined;
    for (
      let p = element.parentElement;
      p && p !== document.documentElement && !cut;
      p = p.parentElement
    ) {
      const ps = style(p);
      if (scrolls(ps.overflowX) || scrolls(ps.overflowY)) break;
      if (!hides(ps.overflowX) && !hides(ps.overflowY)) continue;
      const b = p.getBoundingClientRect();
      const left = b.left + p.clientLeft;
      const top = b.top + p.clientTop;
      if (
        rects.some(
          (r) =>
            (hides(ps.overflowX) &&
              (r.left < left - 1 || r.right > left + p.clientWidth + 1)) ||
            (hides(ps.overflowY) &&
              (r.top < top - 1 || r.bottom > top + p.clientHeight + 1)),
        )
      )
        cut = p;
    }
    if (cut) {
      found.push(`${name(element)} is cut off by ${name(cut)}`);
      continue;
    }
    // covered: what is drawn at the start, middle and end of each line
    let cover: Element | undefined;
    for (const r of rects) {
      const y = r.top + r.height / 2;
      for (const x of [r.left + 1.5, r.left + r.width / 2, r.right - 1.5]) {
        if (x < 0 || x > width || y < 0 || y > height) {
          cover = document.documentElement;
          break;
        }
        const hit = document.elementFromPoint(x, y);
        if (
          hit &&
          hit !== element &&
          !element.contains(hit) &&
          !hit.contains(element)
        ) {
          cover = hit;
          break;
        }
      }
      if (cover) break;
    }
    if (cover === document.documentElement)
      found.push(`${name(element)} cannot be scrolled into the window`);
    else if (cover) found.push(`${name(element)} is covered by ${name(cover)}`);
    // a short label on two lines
    const label = (element.textContent ?? '').trim();
    if (
      element.matches('button, [role="tab"], [role="menuitem"], li > a') &&
      [
        ...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(
          label,
        ),
      ].length <= 12 &&
      new Set(rects.map((r) => Math.round(r.top))).size > 1
    )
      found.push(
        `${name(element)} breaks onto ${new Set(rects.map((r) => Math.round(r.top))).size} lines`,
      );
  }

  for (const [target, left, top] of restore.reverse())
    target.scrollTo({ left, top, behavior: 'instant' });
  return found;
};
