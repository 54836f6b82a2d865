import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { RouteId } from './routes.ts';

/**
 * The words of every route: its navigation label, <title>, meta description, heading and
 * introduction. Keyed routes take `{key}` (the project, campaign or draw name) in their
 * title and heading. The home page's title, description and keywords live under the
 * `home` key (spec §2).
 */
export type RouteMeta = {
  readonly nav: MessageDescriptor;
  readonly title: MessageDescriptor;
  readonly description: MessageDescriptor;
  readonly heading: MessageDescriptor;
  readonly intro: MessageDescriptor;
  /** The page's `<meta name="keywords">`; without its own, the home key's (spec §2). */
  readonly keywords?: MessageDescriptor;
};

export const HOME_KEYWORDS = msg({
  id: 'home.keywords',
  message:
    'crypto exchange, buy bitcoin, trade crypto, launchpad, crypto savings, futures trading',
});

export const ROUTE_META: Record<RouteId, RouteMeta> = {
  home: {
    keywords: HOME_KEYWORDS,
    nav: msg({
      id: 'home.nav',
      message: 'Home',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'home.title',
      message: 'Buy, trade and earn crypto securely',
    }),
    description: msg({
      id: 'home.description',
      message:
        'Trade Bitcoin, Ethereum and more with low fees, join token launches on Launchpad and grow your holdings with flexible savings.',
    }),
    heading: msg({
      id: 'home.heading',
      message: 'Trade crypto with confidence',
    }),
    intro: msg({
      id: 'home.intro',
      message:
        'Deep liquidity, transparent fees and proof of reserves: everything you need to buy, sell and earn digital assets in one place.',
    }),
  },
  launchpad: {
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
  savings: {
    nav: msg({
      id: 'savings.nav',
      message: 'Savings',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'savings.title',
      message: 'Crypto savings: earn interest on your assets',
    }),
    description: msg({
      id: 'savings.description',
      message:
        'Flexible and fixed-term savings products for USDT, BTC, ETH, EOS and XRP with daily interest.',
    }),
    heading: msg({ id: 'savings.heading', message: 'Savings' }),
    intro: msg({
      id: 'savings.intro',
      message:
        'Put idle assets to work. Choose a flexible product or lock your coins for a higher rate.',
    }),
    keywords: msg({
      id: 'savings.keywords',
      message:
        'crypto savings, earn interest on crypto, flexible savings, fixed savings, APR',
    }),
  },
  'fee-discount': {
    nav: msg({
      id: 'fee-discount.nav',
      message: 'Fee discount',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'fee-discount.title',
      message: 'Trading fee discounts by VIP tier',
    }),
    description: msg({
      id: 'fee-discount.description',
      message:
        'See the maker and taker fees of every VIP tier and how your discount is calculated.',
    }),
    heading: msg({ id: 'fee-discount.heading', message: 'Fee discount' }),
    intro: msg({
      id: 'fee-discount.intro',
      message:
        'The more you trade and hold, the less you pay. Your tier is reviewed every day.',
    }),
    keywords: msg({
      id: 'fee-discount.keywords',
      message:
        'trading fee discount, VIP tiers, maker fee, taker fee, low trading fees',
    }),
  },
  competition: {
    nav: msg({
      id: 'competition.nav',
      message: 'Trading competition',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'competition.title',
      message: 'ZCC Trading Competition 2025',
    }),
    description: msg({
      id: 'competition.description',
      message:
        'Rules, timeline, prize pool and live leaderboard of the ZCC Trading Competition 2025.',
    }),
    heading: msg({
      id: 'competition.heading',
      message: 'ZCC Trading Competition 2025',
    }),
    intro: msg({
      id: 'competition.intro',
      message:
        'Compete with traders worldwide for a share of the prize pool. Rankings update every hour.',
    }),
    keywords: msg({
      id: 'competition.keywords',
      message:
        'trading competition, crypto trading contest, prize pool, leaderboard, ZCC',
    }),
  },
  'red-envelopes': {
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
  'lucky-draw': {
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
  welcome: {
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
  'contract-detail': {
    nav: msg({
      id: 'contract-detail.nav',
      message: 'Contract details',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'contract-detail.title',
      message: 'Contract specifications',
    }),
    description: msg({
      id: 'contract-detail.description',
      message:
        'Tick size, lot size, maximum leverage and funding interval of every perpetual contract.',
    }),
    heading: msg({
      id: 'contract-detail.heading',
      message: 'Contract details',
    }),
    intro: msg({
      id: 'contract-detail.intro',
      message: 'The trading rules of every contract, in one searchable table.',
    }),
    keywords: msg({
      id: 'contract-detail.keywords',
      message:
        'futures contract specifications, perpetual contracts, tick size, contract size, funding',
    }),
  },
  'margin-parameters': {
    nav: msg({
      id: 'margin-parameters.nav',
      message: 'Margin parameters',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'margin-parameters.title',
      message: 'Margin tiers and leverage limits',
    }),
    description: msg({
      id: 'margin-parameters.description',
      message:
        'Position value tiers, maximum leverage and margin rates for every contract.',
    }),
    heading: msg({
      id: 'margin-parameters.heading',
      message: 'Margin parameters',
    }),
    intro: msg({
      id: 'margin-parameters.intro',
      message:
        'Larger positions need more margin. Find the tiers that apply to your contract.',
    }),
    keywords: msg({
      id: 'margin-parameters.keywords',
      message:
        'margin tiers, maximum leverage, maintenance margin, risk limits, futures',
    }),
  },
  'official-verify': {
    nav: msg({
      id: 'official-verify.nav',
      message: 'Official verification',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'official-verify.title',
      message: 'Verify official channels',
    }),
    description: msg({
      id: 'official-verify.description',
      message:
        'Check whether a website, email address, Telegram or X account really belongs to us.',
    }),
    heading: msg({
      id: 'official-verify.heading',
      message: 'Official verification',
    }),
    intro: msg({
      id: 'official-verify.intro',
      message:
        'Scammers imitate exchanges. Check any link or account before you trust it.',
    }),
  },
  'tax-api': {
    nav: msg({
      id: 'tax-api.nav',
      message: 'Tax API',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'tax-api.title',
      message: 'Tax reporting API documentation',
    }),
    description: msg({
      id: 'tax-api.description',
      message:
        'Endpoints, fields and examples of the read-only API for tax reporting software.',
    }),
    heading: msg({ id: 'tax-api.heading', message: 'Tax API' }),
    intro: msg({
      id: 'tax-api.intro',
      message:
        'Connect your tax software to export trades, deposits, withdrawals and transfers.',
    }),
    keywords: msg({
      id: 'tax-api.keywords',
      message:
        'crypto tax API, tax report, trade history export, API documentation',
    }),
  },
  'join-us': {
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
  'unbind-google2fa': {
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
    heading: msg({
      id: 'unbind-google2fa.heading',
      message: 'Unbind Google Authenticator',
    }),
    intro: msg({
      id: 'unbind-google2fa.intro',
      message:
        'Submit a request and our security team will review it. You can check its status here.',
    }),
  },
  'specify-the-path': {
    nav: msg({
      id: 'specify-the-path.nav',
      message: 'Find your path',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'specify-the-path.title',
      message: 'Find your path: where to start',
    }),
    description: msg({
      id: 'specify-the-path.description',
      message:
        'Tell us what you want to do and we point you to the right product, guide or tool.',
    }),
    heading: msg({
      id: 'specify-the-path.heading',
      message: 'Where do you want to go?',
    }),
    intro: msg({
      id: 'specify-the-path.intro',
      message: 'Pick your goal and we show you the fastest way there.',
    }),
  },
  'index-back': {
    nav: msg({
      id: 'index-back.nav',
      message: 'Back to the start',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({ id: 'index-back.title', message: 'Welcome back' }),
    description: msg({
      id: 'index-back.description',
      message:
        'Pick up where you left off: recent pages, markets and your shortcuts.',
    }),
    heading: msg({ id: 'index-back.heading', message: 'Welcome back' }),
    intro: msg({
      id: 'index-back.intro',
      message: 'Here is a quick way back to the pages you use most.',
    }),
  },
};

/** The keywords of a route's pages: its own translations, or the home key's. */
export const keywordsOf = (id: RouteId): MessageDescriptor =>
  ROUTE_META[id].keywords ?? HOME_KEYWORDS;
