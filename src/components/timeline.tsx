import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** One phase of a schedule as the API sends it. */
export type TimelinePhase = {
  readonly phase: string;
  readonly startAt: string;
  readonly endAt: string;
};

/**
 * A schedule's phases in order, each named from `labels` (the API's id when it has none) with
 * its dates as `when` writes them, and done, current (`aria-current="step"`) or next as of
 * `now` (the request's time); `currentMark` follows the current phase's dates.
 */
export const Timeline = ({
  phases,
  labels,
  when,
  now,
  currentMark,
}: {
  phases: readonly TimelinePhase[];
  labels: Readonly<Record<string, MessageDescriptor | undefined>>;
  when: (phase: TimelinePhase) => ReactNode;
  now: number;
  currentMark?: ReactNode;
}) => {
  const { i18n } = useLingui();
  return (
    <ol className="timeline">
      {phases.map((step) => {
        const label = labels[step.phase];
        const state =
          Date.parse(step.endAt) < now
            ? 'done'
            : Date.parse(step.startAt) <= now
              ? 'current'
              : 'next';
        return (
          <li
            key={step.phase}
            className={`timeline-step timeline-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <strong>{label ? i18n._(label) : step.phase}</strong>
            <span className="muted small">{when(step)}</span>
            {state === 'current' ? currentMark : null}
          </li>
        );
      })}
    </ol>
  );
};
