import type { ReactNode } from 'react';

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
