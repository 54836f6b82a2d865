/** A progress bar drawn with CSS, exposed to assistive technology as a progressbar. */
export const Progress = ({
  ratio,
  label,
  valueText,
}: {
  ratio: string;
  label: string;
  valueText: string;
}) => {
  const value = Math.max(
    0,
    Math.min(100, Math.floor(Number(ratio) * 10_000) / 100),
  );
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span className="progress-fill" style={{ width: `${value}%` }} />
    </div>
  );
};
