import 'server-only';

import { Suspense, type ReactNode } from 'react';

import { findRequestContext } from '../lib/server/request-context.ts';
import {
  SECTION_BUDGET_MS,
  sectionFellBack,
  settleWithin,
  type SectionData,
} from '../lib/server/section-data.ts';
import { SectionHydrated } from './html-lang.client.tsx';
import { SectionNotice } from './section-notice.tsx';

const SectionBody = async <T,>({
  data,
  render,
  failed,
  essential,
}: {
  data: Promise<SectionData<T>>;
  render: (value: T) => ReactNode;
  failed: ReactNode;
  essential: boolean;
}) => {
  const settled = await data;
  if (settled.ok) return render(settled.value);
  sectionFellBack(settled, essential);
  return failed;
};

/**
 * A part of a page that waits on the API (DESIGN decision 8, decision 0030). For people it
 * streams in its own Suspense boundary: the page around it goes out at once, with `fallback`
 * in its place inside a box of `minHeight`, so nothing below moves when the data comes. When
 * its data fails, is malformed or takes longer than `budgetMs`, it shows `failed` (by default a
 * localized notice with a retry link) and the rest of the page is unaffected; the render is
 * then marked so no store keeps it as good. A crawler gets the completed document: no
 * boundary, so the HTML waits for the data and its status can still say 503 (for an `essential`
 * section, the default: the page means nothing without it). React hydrates a boundary's content
 * on its own, after the shell: `SectionHydrated` tells the page when it has, and the page says
 * it is hydrated only once every section has (src/lib/client/page-hydrated.ts).
 */
export const Section = <T,>({
  load,
  children,
  minHeight,
  fallback,
  failed,
  essential = true,
  budgetMs = SECTION_BUDGET_MS,
}: {
  /** Starts the section's data when the section renders (no promise is left unhandled). */
  load: () => Promise<T>;
  children: (value: T) => ReactNode;
  /** The height the placeholder holds, near the content's own (a CSS length). */
  minHeight: string;
  fallback?: ReactNode;
  failed?: ReactNode;
  /** Whether a crawler gets 503 when it falls back (else the page with its notice, 200). */
  essential?: boolean;
  budgetMs?: number;
}) => {
  // the content, then the mark that tells the page when React has hydrated it (no markup)
  const body = (
    <>
      <SectionBody
        data={settleWithin(load, budgetMs)}
        render={children}
        failed={failed ?? <SectionNotice />}
        essential={essential}
      />
      <SectionHydrated />
    </>
  );
  return (
    <div className="streamed-section" style={{ minHeight }}>
      {findRequestContext()?.isBot ? (
        body
      ) : (
        <Suspense
          fallback={
            fallback ?? (
              <div className="section-placeholder" aria-hidden="true" />
            )
          }
        >
          {body}
        </Suspense>
      )}
    </div>
  );
};
