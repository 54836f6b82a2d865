import { describe, expect, it } from 'vitest';

import { aroundSlot, SLOT } from './slot.ts';

describe('aroundSlot', () => {
  it('cuts a translated sentence where the value goes', () => {
    expect(aroundSlot(`Available: ${SLOT}`)).toEqual(['Available: ', '']);
    expect(aroundSlot(`${SLOT} 사용 가능`)).toEqual(['', ' 사용 가능']);
    expect(aroundSlot(`利用可能：${SLOT}です`)).toEqual(['利用可能：', 'です']);
  });

  it('keeps a sentence whole when a translation lost the value', () => {
    expect(aroundSlot('Available')).toEqual(['Available', '']);
  });
});
