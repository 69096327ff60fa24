/*
 * A time in the analyst's zone to the millisecond: clock offsets are often below a second, and a
 * shift the analyst cannot see in the preview is no preview. Zone rules load lazily (ui/timestamp).
 */
import { formatMicros } from '../../../domain/time/format-micros.ts';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';

const PATTERN = 'YYYY-MM-DD HH:mm:ss.SSS';

export function StreamTime({ micros, zone }: { micros: number; zone: string }) {
  const shownZone = useTimeZoneReady(zone) ? zone : 'UTC';
  if (!Number.isSafeInteger(micros) || micros < 0) return <span className="text-danger">before 1970</span>;
  return (
    <time
      dateTime={new Date(Math.floor(micros / 1000)).toISOString()}
      title={`${formatMicros(micros, shownZone)} ${shownZone}`}
      className="whitespace-nowrap tabular-nums"
    >
      {formatMicros(micros, shownZone, PATTERN)}
    </time>
  );
}

export function StreamTimeRange({
  startMicros,
  endMicros,
  zone,
}: {
  startMicros: number;
  endMicros: number;
  zone: string;
}) {
  return (
    <span>
      <StreamTime micros={startMicros} zone={zone} /> – <StreamTime micros={endMicros} zone={zone} />
    </span>
  );
}
