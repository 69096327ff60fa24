/*
 * A time interval typed as two ends, From and To, in the page's zone: applied on Enter or Apply,
 * each end's reason beside it when refused. Keyed by its interval where used, so one set elsewhere
 * (a pinch, a Clear) is what the fields say.
 */
import { useState, type FormEvent } from 'react';
import { intervalText, parseInterval } from '../../domain/time/interval-text.ts';
import { Button } from './button.tsx';
import { IntervalField } from './interval-field.tsx';

type Interval = { start: number; end: number } | null;

export function IntervalForm({
  idPrefix,
  interval,
  zone,
  bounds,
  onInterval,
  onClear,
}: {
  idPrefix: string;
  interval: Interval;
  zone: string;
  /** The whole span, which an end left empty stands for. */
  bounds: { first: number; last: number };
  onInterval: (interval: Interval) => void;
  /** When given, a Clear button beside Apply while an interval is set. */
  onClear?: () => void;
}) {
  const [from, setFrom] = useState(() => intervalText(interval?.start, zone));
  const [to, setTo] = useState(() => intervalText(interval?.end, zone));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  function apply(event: FormEvent) {
    event.preventDefault();
    const result = parseInterval(from, to, zone, bounds);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onInterval(result.interval);
  }

  return (
    // Wraps: on a narrow screen To and Apply go under From rather than past the screen's edge.
    <form onSubmit={apply} className="flex flex-wrap items-start gap-2" aria-label="Time interval">
      <IntervalField idPrefix={idPrefix} end="from" label="From" value={from} error={errors.from} onChange={setFrom} />
      <IntervalField idPrefix={idPrefix} end="to" label="To" value={to} error={errors.to} onChange={setTo} />
      <div className="flex gap-1 self-end pb-0.5">
        <Button type="submit" className="px-2 py-1">
          Apply
        </Button>
        {interval && onClear ? (
          <Button
            variant="ghost"
            className="px-2 py-1"
            onClick={() => {
              setFrom('');
              setTo('');
              setErrors({});
              onClear();
            }}
          >
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}
