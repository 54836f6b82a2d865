import type { ComponentProps, ReactNode } from 'react';

import { Amount } from '../../components/amount.tsx';

/** One figure of a facts list (`<dl className="facts">`): its label and its value. */
export const Fact = ({
  label,
  children,
}: {
  label: string;
  children: ReactNode;
}) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** A facts-list figure that is an amount with its coin (`Amount`'s props beside the label). */
export const AmountFact = ({
  label,
  ...amount
}: { label: string } & ComponentProps<typeof Amount>) => (
  <Fact label={label}>
    <Amount {...amount} />
  </Fact>
);
