import { describe, expect, it } from 'vitest';

import { JOIN_ISLAND } from './join-island.ts';

const { parse: parseJoin } = JOIN_ISLAND;
const joinData = (props: { name: string; lang: string; open: boolean }) =>
  JOIN_ISLAND.mark(props)[JOIN_ISLAND.attribute];

describe('the Join island mark', () => {
  it('reads back what the server wrote', () => {
    const props = { name: 'ZCCCompetition2025', lang: 'ja-JP', open: true };
    expect(parseJoin(joinData(props))).toEqual(props);
  });

  it('ignores what is not its own', () => {
    expect(parseJoin(undefined)).toBeUndefined();
    expect(parseJoin('')).toBeUndefined();
    expect(parseJoin('{not json')).toBeUndefined();
    expect(parseJoin('{"name":"x","lang":"en"}')).toBeUndefined();
    expect(
      parseJoin(
        JSON.stringify({ name: 'x'.repeat(101), lang: 'en', open: true }),
      ),
    ).toBeUndefined();
  });
});
