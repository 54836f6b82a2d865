// Written by scripts/routes-gen.ts (npm run routes:gen) from src/features/*/route.ts: do not edit.
// npm run dev, build and test write it; scripts/lib/routes-gen.test.ts fails when it is out of date.
import { routes as announcements } from './features/announcements/route.ts';
import { routes as careers } from './features/careers/route.ts';
import { routes as competition } from './features/competition/route.ts';
import { routes as feeDiscount } from './features/fee-discount/route.ts';
import { routes as home } from './features/home/route.ts';
import { routes as indexBack } from './features/index-back/route.ts';
import { routes as launchpad } from './features/launchpad/route.ts';
import { routes as luckyDraw } from './features/lucky-draw/route.ts';
import { routes as officialVerify } from './features/official-verify/route.ts';
import { routes as redEnvelopes } from './features/red-envelopes/route.ts';
import { routes as savings } from './features/savings/route.ts';
import { routes as specifyThePath } from './features/specify-the-path/route.ts';
import { routes as taxApi } from './features/tax-api/route.ts';
import { routes as unbindGoogle2fa } from './features/unbind-google2fa/route.ts';
import { routes as welcome } from './features/welcome/route.ts';

/** Every route entry of the feature folders: the route table src/routes.ts serves. */
export const ROUTE_TABLE = [
  ...announcements,
  ...careers,
  ...competition,
  ...feeDiscount,
  ...home,
  ...indexBack,
  ...launchpad,
  ...luckyDraw,
  ...officialVerify,
  ...redEnvelopes,
  ...savings,
  ...specifyThePath,
  ...taxApi,
  ...unbindGoogle2fa,
  ...welcome,
] as const;
