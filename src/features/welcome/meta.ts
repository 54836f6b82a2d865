import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  welcome: {
    page: () => import('./list-page.tsx'),
    nav: msg({
      id: 'welcome.nav',
      message: 'Welcome rewards',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'welcome.title',
      message: 'Welcome rewards for new traders',
    }),
    description: msg({
      id: 'welcome.description',
      message:
        'Complete simple tasks after you sign up and collect welcome rewards.',
    }),
    heading: msg({ id: 'welcome.heading', message: 'Welcome rewards' }),
    intro: msg({
      id: 'welcome.intro',
      message:
        'New here? Pick a campaign, finish its tasks and claim your rewards.',
    }),
    keywords: msg({
      id: 'welcome.keywords',
      message:
        'welcome rewards, new user bonus, crypto sign-up bonus, trading rewards',
    }),
  },
  'welcome-campaign': {
    page: () => import('./campaign-page.tsx'),
    nav: msg({
      id: 'welcome-campaign.nav',
      message: 'Campaign',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'welcome-campaign.title',
      message: 'Welcome campaign: {key}',
    }),
    description: msg({
      id: 'welcome-campaign.description',
      message: 'Tasks, rewards and dates of the {key} welcome campaign.',
    }),
    heading: msg({
      id: 'welcome-campaign.heading',
      message: 'Campaign: {key}',
    }),
    intro: msg({
      id: 'welcome-campaign.intro',
      message:
        'Finish each task before the campaign ends to collect its reward.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
