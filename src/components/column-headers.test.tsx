import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ColumnHeaders } from './column-headers.tsx';

describe('ColumnHeaders', () => {
  it('puts each text heading in a column header cell, and an element as it is, in order', () => {
    expect(
      renderToStaticMarkup(
        <table>
          <ColumnHeaders
            columns={[
              'Rank',
              <th scope="col" className="sortable">
                Trader
              </th>,
              'Volume',
            ]}
          />
        </table>,
      ),
    ).toBe(
      '<table><thead><tr><th scope="col">Rank</th><th scope="col" class="sortable">Trader</th><th scope="col">Volume</th></tr></thead></table>',
    );
  });
});
