import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  launchpad: {
    page: () => import('./list-page.tsx'),
    nav: msg({
      id: 'launchpad.nav',
      message: 'Launchpad',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'launchpad.title',
      message: 'Launchpad: new token launches',
    }),
    description: msg({
      id: 'launchpad.description',
      message:
        'Discover vetted token launches, check their allocation and timeline, and subscribe before the sale ends.',
    }),
    heading: msg({ id: 'launchpad.heading', message: 'Launchpad' }),
    intro: msg({
      id: 'launchpad.intro',
      message:
        'Get early access to new projects. Every launch is reviewed by our listing team before it opens for subscription.',
    }),
    keywords: msg({
      id: 'launchpad.keywords',
      message:
        'token launch, new crypto tokens, launchpad, token sale, subscribe to new coins',
    }),
  },
  'launchpad-project': {
    page: () => import('./project-page.tsx'),
    nav: msg({
      id: 'launchpad-project.nav',
      message: 'Launch details',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'launchpad-project.title',
      message: '{key} token launch: timeline and allocation',
    }),
    description: msg({
      id: 'launchpad-project.description',
      message:
        'Timeline, allocation, rules and subscription for the {key} token launch.',
    }),
    heading: msg({
      id: 'launchpad-project.heading',
      message: '{key} token launch',
    }),
    intro: msg({
      id: 'launchpad-project.intro',
      message:
        'Check the phases, the allocation per tier and the rules before you subscribe.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
