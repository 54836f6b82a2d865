import { describe, expect, it } from 'vitest';

import { requestIdFor } from './access-log.ts';

describe('requestIdFor', () => {
  it('gives random ids that do not count requests', () => {
    const ids = Array.from({ length: 500 }, () => requestIdFor(undefined));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    // consecutive ids share no common prefix beyond chance (a counter shares all but its tail)
    const shared = ids
      .slice(1)
      .filter((id, i) => id.slice(0, 6) === ids[i]?.slice(0, 6)).length;
    expect(shared).toBeLessThan(5);
  });

  it("keeps a caller's safe id and replaces an unsafe or overlong one", () => {
    expect(requestIdFor('abc-123.x_y')).toBe('abc-123.x_y');
    expect(requestIdFor('a b')).not.toBe('a b');
    expect(requestIdFor('x'.repeat(65))).toHaveLength(36);
  });
});
