import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'unbind-google2fa': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'unbind-google2fa.nav',
      message: 'Reset authenticator',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'unbind-google2fa.title',
      message: 'Unbind Google Authenticator',
    }),
    description: msg({
      id: 'unbind-google2fa.description',
      message:
        'Lost your authenticator device? Request to unbind Google Authenticator from your account.',
    }),
    intro: msg({
      id: 'unbind-google2fa.intro',
      message:
        'Submit a request and our security team will review it. You can check its status here.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
