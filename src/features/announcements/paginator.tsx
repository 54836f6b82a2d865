import { useLingui } from '@lingui/react/macro';

import { SiteLink } from '../../components/site-link.tsx';
import { pageHref, pageItems } from './pagination.ts';

/**
 * The spec's paginator (navigation buttons of 36 px): plain links, the page in the URL (the
 * route's declared `page` parameter), so every page works without JavaScript, can be shared and
 * is cached as its own address.
 */
export const Paginator = ({
  pathname,
  params,
  page,
  count,
  label,
}: {
  pathname: string;
  /** The list's other parameters, kept on every page link (search, type). */
  params: Readonly<Record<string, string>>;
  page: number;
  count: number;
  /** What is paged: 'Contract specifications'. */
  label: string;
}) => {
  const { t } = useLingui();
  if (count <= 1) return null;
  const href = (p: number) => pageHref(pathname, params, p);
  return (
    <nav className="paginator" aria-label={t`Pages of ${label}`}>
      <ul>
        <li>
          {page > 1 ? (
            <SiteLink to={href(page - 1)} aria-label={t`Previous page`}>
              <span aria-hidden="true">‹</span>
            </SiteLink>
          ) : (
            <span className="paginator-off" aria-hidden="true">
              ‹
            </span>
          )}
        </li>
        {pageItems(page, count).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="paginator-gap">
              …
            </li>
          ) : (
            <PageLink
              key={item.page}
              to={href(item.page)}
              number={item.page}
              count={count}
              current={item.page === page}
            />
          ),
        )}
        <li>
          {page < count ? (
            <SiteLink to={href(page + 1)} aria-label={t`Next page`}>
              <span aria-hidden="true">›</span>
            </SiteLink>
          ) : (
            <span className="paginator-off" aria-hidden="true">
              ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
};

const PageLink = ({
  to,
  number,
  count,
  current,
}: {
  to: string;
  number: number;
  count: number;
  current: boolean;
}) => {
  const { t } = useLingui();
  return (
    <li>
      <SiteLink
        to={to}
        aria-label={t`Page ${number} of ${count}`}
        aria-current={current ? 'page' : undefined}
      >
        {number}
      </SiteLink>
    </li>
  );
};
