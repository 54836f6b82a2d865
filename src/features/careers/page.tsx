import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { getPositions, type Position } from './api.ts';

const ROLES: Record<string, ReturnType<typeof msg>> = {
  'backend-engineer': msg`Backend Engineer (TypeScript)`,
  'frontend-engineer': msg`Frontend Engineer (React)`,
  'site-reliability-engineer': msg`Site Reliability Engineer`,
  'security-engineer': msg`Security Engineer`,
  'product-manager': msg`Product Manager, Earn`,
  'compliance-officer': msg`Compliance Officer`,
  'localization-specialist': msg`Japanese Localization Specialist`,
  'customer-support-specialist': msg`Customer Support Specialist (Vietnamese)`,
  'qa-engineer': msg`QA Engineer`,
  'data-analyst': msg`Data Analyst Intern`,
};
const TEAMS: Record<string, ReturnType<typeof msg>> = {
  engineering: msg`Engineering`,
  security: msg`Security`,
  product: msg({ context: 'department', message: 'Product' }),
  compliance: msg`Compliance`,
  marketing: msg`Marketing`,
  operations: msg`Operations`,
  data: msg`Data`,
};

const Positions = ({ positions }: { positions: Position[] }) => {
  const { t, i18n } = useLingui();
  const employment = {
    'full-time': t`Full-time`,
    contract: t({ context: 'employment type', message: 'Contract' }),
    internship: t`Internship`,
  };
  return (
    <div className="card-grid">
      {positions.map((p) => {
        const role = ROLES[p.role];
        const team = TEAMS[p.team];
        const title = role ? i18n._(role) : p.role;
        return (
          <article key={p.id} className="card" aria-labelledby={`job-${p.id}`}>
            <p className="badge">{team ? i18n._(team) : p.team}</p>
            <h2 id={`job-${p.id}`}>{title}</h2>
            <p className="muted">
              {p.location} · {employment[p.employment]}
              {p.remote ? ` · ${t`Remote friendly`}` : ''}
            </p>
            {p.applyUrl ? (
              <a
                className="button button-primary"
                href={p.applyUrl}
                rel="noopener"
              >
                {t({ message: 'Apply', context: 'apply for a job' })}
                <span className="visually-hidden">{`: ${title}`}</span>
              </a>
            ) : null}
          </article>
        );
      })}
    </div>
  );
};

export default async function CareersPage({ locale }: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const positions = await essential(() => getPositions(locale));
  return (
    <>
      <PageIntro routeId="join-us" />
      <Positions positions={positions} />
    </>
  );
}
