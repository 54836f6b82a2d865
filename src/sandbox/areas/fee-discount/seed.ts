/** The fee-discount area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */

export const FEE_TIERS = Array.from({ length: 8 }, (_, level) => {
  const volumes = [
    '0',
    '1000000',
    '5000000',
    '10000000',
    '25000000',
    '50000000',
    '100000000',
    '250000000',
  ];
  const holdings = [
    '0',
    '10000',
    '50000',
    '100000',
    '250000',
    '500000',
    '1000000',
    '2500000',
  ];
  const maker = [
    '0.00100',
    '0.00090',
    '0.00080',
    '0.00070',
    '0.00060',
    '0.00040',
    '0.00020',
    '0.00000',
  ];
  const taker = [
    '0.00100',
    '0.00095',
    '0.00090',
    '0.00085',
    '0.00075',
    '0.00065',
    '0.00055',
    '0.00045',
  ];
  const discount = [
    '0',
    '0.05',
    '0.10',
    '0.15',
    '0.25',
    '0.35',
    '0.45',
    '0.55',
  ];
  return {
    level,
    volume30d: volumes[level] ?? '0',
    holding: holdings[level] ?? '0',
    makerFee: maker[level] ?? '0',
    takerFee: taker[level] ?? '0',
    discount: discount[level] ?? '0',
  };
});
