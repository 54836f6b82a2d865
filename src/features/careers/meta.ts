import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'join-us': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'join-us.nav',
      message: 'Careers',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({ id: 'join-us.title', message: 'Careers: join our team' }),
    description: msg({
      id: 'join-us.description',
      message:
        'Open positions in engineering, product, compliance and operations around the world.',
    }),
    heading: msg({ id: 'join-us.heading', message: 'Join us' }),
    intro: msg({
      id: 'join-us.intro',
      message:
        'We are building the exchange we would want to use. Find a role that fits you.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
