/** The official-verify area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */

/** Official channels on the configured site domain. */
export const officialChannels = (siteDomain: string) => ({
  url: [
    `www.${siteDomain}`,
    siteDomain,
    `help.${siteDomain}`,
    `api2.${siteDomain}`,
    `affiliates.${siteDomain}`,
    `download.${siteDomain}`,
  ],
  email: [
    `support@${siteDomain}`,
    `noreply@${siteDomain}`,
    `security@${siteDomain}`,
    `listing@${siteDomain}`,
  ],
  telegram: [
    'exampleexchange',
    'exampleexchange_en',
    'exampleexchange_jp',
    'exampleexchange_kr',
  ],
  x: ['exampleexchange', 'exampleexchange_jp', 'exampleexchangesupport'],
});
