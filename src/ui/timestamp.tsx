/*
 * A point in time (epoch microseconds) shown in the chosen zone. Zone rules other than UTC load
 * lazily (~730 KB, domain/time/time-zone-loader.ts); until they have, the time shows in UTC.
 */
import { useEffect, useState } from 'react';
import { formatMicros } from '../../domain/time/format-micros.ts';
import { isTimeZoneDataLoaded, loadTimeZones } from '../../domain/time/time-zone-loader.ts';

const PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** Whether `zone` can be used by formatMicros and parseDate yet; starts loading it if not. */
export function useTimeZoneReady(zone: string): boolean {
  // Not `zone === 'UTC'` here: the zone may change later, and UTC says nothing about the others' rules.
  const [loaded, setLoaded] = useState(isTimeZoneDataLoaded);
  useEffect(() => {
    if (loaded || zone === 'UTC') return;
    let current = true;
    loadTimeZones().then(
      () => current && setLoaded(true),
      (error: unknown) => console.error('time zone data could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [loaded, zone]);
  return loaded || zone === 'UTC';
}

export function Timestamp({ micros, zone }: { micros: number; zone: string }) {
  const ready = useTimeZoneReady(zone);
  const shownZone = ready ? zone : 'UTC';
  const text = formatMicros(micros, shownZone, PATTERN);
  return (
    <time
      dateTime={new Date(Math.floor(micros / 1000)).toISOString()}
      title={`${formatMicros(micros, shownZone)} ${shownZone}`}
      className="whitespace-nowrap tabular-nums"
    >
      {text}
    </time>
  );
}
