/**
 * A value shown as an element inside a translated sentence ("Available: <output>5 USDT</output>")
 * without Lingui's <Trans>, whose runtime would join the first JS of every page: the
 * message takes the value as an ordinary placeholder, so each locale still places it and sets
 * the punctuation around it. `SLOT` stands in for the value; the sentence is cut there.
 */
export const SLOT = '\uE000';

/** The text before and after the slot (all of it before, when a translation dropped it). */
export const aroundSlot = (message: string): readonly [string, string] => {
  const at = message.indexOf(SLOT);
  return at < 0
    ? [message, '']
    : [message.slice(0, at), message.slice(at + SLOT.length)];
};
