/**
 * Whether an answer came from the guest page cache: fresh (`x-cache: HIT`), or past its TTL
 * (`STALE`, refreshed behind the answer), as a copy an earlier test stored more than a minute
 * ago is in a long suite. Both are the stored, public copy.
 */
export const fromGuestCache = (res: { headers: Headers }): boolean =>
  ['HIT', 'STALE'].includes(res.headers.get('x-cache') ?? '');
