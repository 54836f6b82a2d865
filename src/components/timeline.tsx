import type { ReactNode } from 'react';

export type TimelineStep = {
  readonly id: string;
  /** The step's name in the page's language. */
  readonly label: string;
  readonly startAt: string;
  readonly endAt: string;
  /** The step's dates as the page writes them. */
  readonly when: ReactNode;
};

/**
 * A schedule's steps in order, each done, current (`aria-current="step"`) or next as of `now`
 * (the request's time); `currentMark` follows the current step's dates.
 */
export const Timeline = ({
  steps,
  now,
  currentMark,
}: {
  steps: readonly TimelineStep[];
  now: number;
  currentMark?: ReactNode;
}) => (
  <ol className="timeline">
    {steps.map((step) => {
      const state =
        Date.parse(step.endAt) < now
          ? 'done'
          : Date.parse(step.startAt) <= now
            ? 'current'
            : 'next';
      return (
        <li
          key={step.id}
          className={`timeline-step timeline-${state}`}
          aria-current={state === 'current' ? 'step' : undefined}
        >
          <strong>{step.label}</strong>
          <span className="muted small">{step.when}</span>
          {state === 'current' ? currentMark : null}
        </li>
      );
    })}
  </ol>
);
