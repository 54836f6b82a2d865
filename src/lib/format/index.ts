export * from './date.ts';
export * from './decimal.ts';
