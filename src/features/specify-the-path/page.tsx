import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import type { Locale } from '../../i18n/locales.ts';
import type { PageProps } from '../../lib/page.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { routePath, type RouteId } from '../../routes.ts';

type Goal = {
  id: string;
  title: ReturnType<typeof msg>;
  steps: readonly { text: ReturnType<typeof msg>; route?: RouteId }[];
};

/**
 * "Specify the path": a wayfinder. A visitor says what they want to do and gets the short
 * path to it through the site's own pages. The choice lives in the URL (?goal=), so it works
 * without JavaScript and can be shared.
 */
const GOALS: readonly Goal[] = [
  {
    id: 'first-crypto',
    title: msg`Buy my first crypto`,
    steps: [
      {
        text: msg`Create an account and verify your identity.`,
        route: 'welcome',
      },
      { text: msg`Check the live prices of the main markets.`, route: 'home' },
      {
        text: msg`Make sure you are on an official site or channel.`,
        route: 'official-verify',
      },
    ],
  },
  {
    id: 'earn',
    title: msg`Earn interest on what I hold`,
    steps: [
      { text: msg`Compare flexible and fixed-term rates.`, route: 'savings' },
      { text: msg`Move coins to your funding account, then subscribe.` },
      {
        text: msg`Join a welcome campaign for extra rewards.`,
        route: 'welcome',
      },
    ],
  },
  {
    id: 'futures',
    title: msg`Trade futures`,
    steps: [
      {
        text: msg`Read the contract specifications.`,
        route: 'contract-detail',
      },
      {
        text: msg`Understand margin tiers and leverage limits.`,
        route: 'margin-parameters',
      },
      {
        text: msg`Lower your fees as your volume grows.`,
        route: 'fee-discount',
      },
      {
        text: msg`Test your skills in the trading competition.`,
        route: 'competition',
      },
    ],
  },
  {
    id: 'launches',
    title: msg`Get new tokens early`,
    steps: [
      { text: msg`See what is launching now and next.`, route: 'launchpad' },
      { text: msg`Hold coins during the snapshot to raise your limit.` },
      {
        text: msg`Subscribe before the subscription phase ends.`,
        route: 'launchpad',
      },
    ],
  },
  {
    id: 'security',
    title: msg`Secure or recover my account`,
    steps: [
      {
        text: msg`Verify that a link, email or account really is ours.`,
        route: 'official-verify',
      },
      {
        text: msg`Lost your authenticator? Request to unbind it.`,
        route: 'unbind-google2fa',
      },
    ],
  },
  {
    id: 'build',
    title: msg`Connect my tax software`,
    steps: [
      { text: msg`Read the tax API documentation.`, route: 'tax-api' },
      {
        text: msg`Create a read-only API key and paste it into your software.`,
      },
    ],
  },
];

const Wayfinder = ({
  locale,
  goal,
}: {
  locale: Locale;
  goal: Goal | undefined;
}) => {
  const { t, i18n } = useLingui();
  return (
    <>
      <nav aria-label={t`Goals`} className="chips">
        {GOALS.map((g) => (
          <a
            key={g.id}
            href={`?goal=${g.id}`}
            aria-current={goal?.id === g.id ? 'page' : undefined}
          >
            {i18n._(g.title)}
          </a>
        ))}
      </nav>
      {goal ? (
        <section className="card" aria-labelledby="path-title">
          <h2 id="path-title">{i18n._(goal.title)}</h2>
          <ol className="path-steps">
            {goal.steps.map((step, i) => (
              <li key={i}>
                <span>{i18n._(step.text)}</span>
                {step.route ? (
                  <Link to={routePath(locale, step.route)}>
                    {i18n._(ROUTE_META[step.route].nav)}
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <p className="muted">{t`Choose a goal above to see your path.`}</p>
      )}
    </>
  );
};

export default function SpecifyThePathPage({ locale, search }: PageProps) {
  const goal = GOALS.find((g) => g.id === search?.get('goal'));
  return (
    <>
      <PageIntro routeId="specify-the-path" />
      <Wayfinder locale={locale} goal={goal} />
    </>
  );
}
