import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { parseIslandData } from './island-data.ts';

const schema = v.object({ n: v.pipe(v.number(), v.integer()) });

describe('parseIslandData', () => {
  it('reads JSON that fits the schema', () => {
    expect(parseIslandData(schema, '{"n":3}')).toEqual({ n: 3 });
  });

  it('gives undefined, never a throw, for nothing, bad JSON or another shape', () => {
    expect(parseIslandData(schema, null)).toBeUndefined();
    expect(parseIslandData(schema, '')).toBeUndefined();
    expect(parseIslandData(schema, '{"n":')).toBeUndefined();
    expect(parseIslandData(schema, '{"n":1.5}')).toBeUndefined();
    expect(parseIslandData(schema, '[1]')).toBeUndefined();
  });
});
