/* What saving would store: the valid and invalid counts, the first points, and every listed invalid row with its line and reason. */
import type { GeoPoint, InvalidGeoItem } from '../../../domain/geo/geo-point.ts';
import { PreviewTable } from '../../ui/preview-table.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';

const round = (value: number | null, digits: number) => (value === null ? '' : String(Number(value.toFixed(digits))));

export function GeoPreviewTables({
  validCount,
  invalidCount,
  firstPoints,
  invalid,
  zone,
}: {
  validCount: number;
  invalidCount: number;
  firstPoints: readonly GeoPoint[];
  invalid: readonly InvalidGeoItem[];
  zone: string;
}) {
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      <p className="text-sm" data-testid="geo-preview-counts">
        <strong className="tabular-nums">{validCount.toLocaleString('en')}</strong> valid points ·{' '}
        <strong className="tabular-nums">{invalidCount.toLocaleString('en')}</strong> invalid rows
      </p>
      <div className="grid gap-3 lg:grid-cols-2">
        <PreviewTable
          label="Valid points"
          heads={['Line', 'Time', 'Actor', 'Latitude', 'Longitude', 'Altitude m', 'Heading', 'Pitch', 'Roll']}
        >
          {firstPoints.map((point) => (
            <tr key={point.line} className="border-b border-line tabular-nums last:border-b-0">
              <td className="px-2 py-0.5 text-muted">{point.line}</td>
              <td className="px-2 py-0.5 whitespace-nowrap">
                <Timestamp micros={point.timestamp} zone={zone} />
              </td>
              <td className="max-w-32 truncate px-2 py-0.5">{point.actor}</td>
              <td className="px-2 py-0.5">{round(point.latitude, 6)}</td>
              <td className="px-2 py-0.5">{round(point.longitude, 6)}</td>
              <td className="px-2 py-0.5">{round(point.altitude, 1)}</td>
              <td className="px-2 py-0.5">{round(point.heading, 1)}</td>
              <td className="px-2 py-0.5">{round(point.pitch, 1)}</td>
              <td className="px-2 py-0.5">{round(point.roll, 1)}</td>
            </tr>
          ))}
        </PreviewTable>
        <PreviewTable label="Invalid rows" heads={['Line', 'Why it is left out']}>
          {invalid.length === 0 ? (
            <tr>
              <td colSpan={2} className="px-2 py-1 text-muted">
                No invalid rows.
              </td>
            </tr>
          ) : (
            invalid.map((item) => (
              <tr key={item.line} className="border-b border-line last:border-b-0">
                <td className="px-2 py-0.5 tabular-nums text-muted">{item.line}</td>
                <td className="px-2 py-0.5">{item.reason}</td>
              </tr>
            ))
          )}
        </PreviewTable>
      </div>
    </section>
  );
}
