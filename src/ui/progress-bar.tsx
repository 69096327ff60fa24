import { classNames } from './class-names.ts';

/** A determinate progress bar (or an indeterminate one when the total is unknown), announced as progress. */
export function ProgressBar({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number | undefined;
  label: string;
  className?: string;
}) {
  const fraction = max && max > 0 ? Math.min(1, value / max) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={max ? value : undefined}
      className={classNames('h-1.5 w-full overflow-hidden rounded bg-raised', className)}
    >
      <div
        className={classNames(
          'h-full bg-accent-bg transition-[width]',
          fraction === undefined && 'w-1/3 animate-pulse',
        )}
        style={fraction === undefined ? undefined : { width: `${fraction * 100}%` }}
      />
    </div>
  );
}
