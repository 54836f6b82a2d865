import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'lucky-draw': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'lucky-draw.nav',
      message: 'Lucky draw',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'lucky-draw.title',
      message: '{key}: lucky draw prizes and results',
    }),
    description: msg({
      id: 'lucky-draw.description',
      message: 'Prizes, odds and recent winners of the {key} lucky draw.',
    }),
    heading: msg({ id: 'lucky-draw.heading', message: 'Lucky draw: {key}' }),
    intro: msg({
      id: 'lucky-draw.intro',
      message:
        'Use your chances to draw a prize. Every result is recorded and shown below.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
