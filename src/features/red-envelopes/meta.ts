import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'red-envelopes': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'red-envelopes.nav',
      message: 'Red envelopes',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'red-envelopes.title',
      message: 'Receive a crypto red envelope',
    }),
    description: msg({
      id: 'red-envelopes.description',
      message:
        'Enter a red envelope code to receive the crypto a friend sent you.',
    }),
    heading: msg({ id: 'red-envelopes.heading', message: 'Red envelopes' }),
    intro: msg({
      id: 'red-envelopes.intro',
      message:
        'Got a code from a friend? Open it here and the coins go straight to your funding account.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
