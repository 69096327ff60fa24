/*
 * A progress bar in percent (aria-valuenow 0-100), the width the upload and import rows use; with
 * no percent it is indeterminate, as ARIA defines it (no aria-valuenow), and pulses.
 */
export function PercentBar({ label, percent }: { label: string; percent: number | undefined }) {
  if (percent === undefined)
    return (
      <div role="progressbar" aria-label={label} className="h-2 w-64 overflow-hidden rounded-full bg-raised">
        <div className="h-full w-full animate-pulse bg-accent-bg" />
      </div>
    );
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-64 overflow-hidden rounded-full bg-raised"
    >
      <div className="h-full bg-accent-bg transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
