import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Amount } from './amount.tsx';

describe('Amount', () => {
  it('joins the truncated, localized figure to its coin with a no-break space', () => {
    expect(
      renderToStaticMarkup(
        <Amount value="1234567.123456789" coin="USDT" locale="de-DE" />,
      ),
    ).toBe('<span class="num">1.234.567,12345678\u00a0USDT</span>');
  });

  it('keeps at most maxDecimals and pads to minDecimals', () => {
    expect(
      renderToStaticMarkup(
        <Amount value="0.129" coin="BTC" locale="en" maxDecimals={2} />,
      ),
    ).toBe('<span class="num">0.12\u00a0BTC</span>');
    expect(
      renderToStaticMarkup(
        <Amount value="5" coin="BTC" locale="en" minDecimals={2} />,
      ),
    ).toBe('<span class="num">5.00\u00a0BTC</span>');
  });

  it('shows a dash for a value that is not a decimal string', () => {
    expect(
      renderToStaticMarkup(<Amount value="1e-7" coin="ETH" locale="en" />),
    ).toBe('<span class="num">—\u00a0ETH</span>');
  });
});
