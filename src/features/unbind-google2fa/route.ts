import { msg } from '@lingui/core/macro';

import type { FeatureRoutes } from '../../route-meta.ts';

/**
 * This folder's routes: each one's page module and its words (navigation label, <title>, meta
 * description, heading, introduction, keywords). Its path and flags are its entry in src/routes.ts.
 */
export const routes = {
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
} satisfies FeatureRoutes;
