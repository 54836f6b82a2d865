/**
 * When the page is hydrated: the shell (the client root's first commit), the content of every
 * streamed section (src/components/section.tsx) and every part whose code comes after the first
 * JS (marked `data-hydrates-late`, e.g. the unbind form). React hydrates a Suspense boundary whose
 * content came after the shell later and on its own, so the root's commit does not mean the
 * sections are live. Until a section's content has hydrated nothing but React may touch its
 * markup: a node a script adds to it is HTML the server did not write, so React throws the
 * section's markup away (error #418). `<html data-hydrated="true">` says the page is whole:
 * the islands wait for it (use-islands.ts), and so do tests and tools. It is in the first JS,
 * so it is kept to a count.
 */

// sections whose content has hydrated (or rendered, on a client navigation) since the page
// loaded: a navigation before the first page was whole brings sections that render and count
let sections = 0;

/**
 * The shell's effect (it has hydrated), and each section's after it: a section's content
 * hydrates in the shell's commit or a later one, and the shell's effect comes first in the tree.
 */
export const shellHydrated = () => {
  if (
    sections >=
    document.querySelectorAll('.streamed-section,[data-hydrates-late]').length
  )
    document.documentElement.dataset.hydrated = 'true';
};

/** One streamed section's content (or a late part) has hydrated, or rendered (its effect). */
export const sectionHydrated = () => {
  sections += 1;
  shellHydrated();
};
