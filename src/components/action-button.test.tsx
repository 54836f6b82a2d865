import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ActionButton } from './action-button.client.tsx';

const render = (state: { pending: boolean; done: boolean; message: string }) =>
  renderToStaticMarkup(
    <ActionButton
      label="Draw"
      onPress={() => undefined}
      className="receive draw"
      statusClassName="draw-idle"
      {...state}
    />,
  );

describe('ActionButton', () => {
  it('is disabled in the server HTML (it can do nothing before hydration), beside an empty live region', () => {
    expect(render({ pending: false, done: false, message: '' })).toBe(
      '<div class="receive draw"><button type="button" class="button button-primary" disabled="">Draw</button>' +
        '<p tabindex="-1" role="status" aria-live="polite" class="draw-idle"></p></div>',
    );
  });

  it('stays focusable while pending: aria-disabled, not disabled', () => {
    expect(
      render({ pending: true, done: false, message: 'Drawing…' }),
    ).toContain('aria-disabled="true"');
  });

  it('leaves only the message once done', () => {
    const html = render({ pending: false, done: true, message: 'Used up.' });
    expect(html).not.toContain('<button');
    expect(html).toContain(
      'role="status" aria-live="polite" class="draw-idle">Used up.</p>',
    );
  });
});
