import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  competition: {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'competition.nav',
      message: 'Trading competition',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'competition.title',
      message: 'ZCC Trading Competition {key}: prizes, rules and leaderboard',
      comment: '{key} is the competition year from its dates (2026)',
    }),
    description: msg({
      id: 'competition.description',
      message:
        'Rules, timeline, prize pool and live leaderboard of the ZCC Trading Competition {key}.',
      comment: '{key} is the competition year from its dates (2026)',
    }),
    heading: msg({
      id: 'competition.heading',
      message: 'ZCC Trading Competition {key}',
      comment: '{key} is the competition year from its dates (2026)',
    }),
    intro: msg({
      id: 'competition.intro',
      message:
        'Compete with traders worldwide for a share of the prize pool. The leaderboard shows when it was last updated.',
    }),
    keywords: msg({
      id: 'competition.keywords',
      message:
        'trading competition, crypto trading contest, prize pool, leaderboard, ZCC',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
