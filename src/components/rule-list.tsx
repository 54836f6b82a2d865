import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

/**
 * An event's rules as a list, in the page's language: each rule id the API names, written
 * from its label (an id without one is left out).
 */
export const RuleList = ({
  ids,
  labels,
}: {
  ids: readonly string[];
  labels: Readonly<Record<string, MessageDescriptor | undefined>>;
}) => {
  const { i18n } = useLingui();
  return (
    <ul className="rules">
      {ids.map((id) => {
        const label = labels[id];
        return label ? <li key={id}>{i18n._(label)}</li> : null;
      })}
    </ul>
  );
};
