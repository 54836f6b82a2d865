import { useId } from 'react';

import { FigureHintTrigger } from './figure-hint.client.tsx';

/**
 * An ⓘ button beside a figure that needs explaining (spec §9: tooltip max width 294 px). The
 * server sends a plain button described by the explanation (readable without JavaScript and by
 * screen readers); after hydration the react-aria tooltip replaces it: it opens on hover, on
 * keyboard focus and on a tap, and Escape closes it.
 */
export const FigureHint = ({
  label,
  text,
}: {
  /** The button's name: 'About the mark price'. */
  label: string;
  /** The explanation the tooltip shows. */
  text: string;
}) => {
  const id = useId();
  return (
    <FigureHintTrigger label={label} text={text}>
      <button
        type="button"
        className="figure-hint"
        aria-label={label}
        aria-describedby={id}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={id} className="visually-hidden">
        {text}
      </span>
    </FigureHintTrigger>
  );
};

/** A table's column heading with its ⓘ explanation. */
export const HintedColumn = ({
  heading,
  label,
  text,
}: {
  heading: string;
  /** The button's name: 'About the mark price'. */
  label: string;
  /** The explanation the tooltip shows. */
  text: string;
}) => (
  <th scope="col">
    <span className="th-hint">
      {heading}
      <FigureHint label={label} text={text} />
    </span>
  </th>
);
