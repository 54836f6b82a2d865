import 'server-only';

import { Suspense, type ReactNode } from 'react';

import { findRequestContext } from '../lib/server/request-context.ts';
import {
  sectionFellBack,
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
 * A part of a page that waits on the API (DESIGN decision 8, decision 0030); its `data` is
 * started by the page with `sectionData` (lib/server/section-data.ts). For people it
 * streams in its own Suspense boundary: the page around it goes out at once, with `fallback`
 * in its place inside a box of `minHeight`, so nothing below moves when the data comes. When
 * its data fails, is malformed or takes longer than its budget, it shows `failed` (by default a
 * localized notice with a retry link) and the rest of the page is unaffected; the render is
 * then marked so no store keeps it as good. A crawler gets the completed document: no
 * boundary, so the HTML waits for the data and its status can still say 503 (for an `essential`
 * section, the default: the page means nothing without it). React hydrates a boundary's content
 * on its own, after the shell: `SectionHydrated` tells the page when it has, and the page says
 * it is hydrated only once every section has (src/lib/client/page-hydrated.ts).
 */
export const Section = <T,>({
  data,
  children,
  minHeight,
  fallback,
  failed,
  essential = true,
}: {
  /** The section's data, started by the page within its budget (`sectionData`). */
  data: Promise<SectionData<T>>;
  children: (value: T) => ReactNode;
  /** The height the placeholder holds, near the content's own (a CSS length). */
  minHeight: string;
  fallback?: ReactNode;
  failed?: ReactNode;
  /** Whether a crawler gets 503 when it falls back (else the page with its notice, 200). */
  essential?: boolean;
}) => {
  // the content, then the mark that tells the page when React has hydrated it (no markup)
  const body = (
    <>
      <SectionBody
        data={data}
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
