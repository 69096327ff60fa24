/* What a stream is made of: its format, the file it came from, its events and their time range, its colour. */
import type { ReactNode } from 'react';
import { CHART_PALETTE, paletteColor } from '../../../domain/color/palette.ts';
import { formatClockOffset } from './clock-offset.ts';
import { formatName } from '../../../domain/import/format-names.ts';
import { StreamTimeRange } from './stream-time.tsx';
import type { StreamDetailData } from './use-stream-detail.ts';
import { uploadContentAddress } from './streams-api.ts';

/** Streams take the chart palette in the incident's order (the marker stream has none). */
function streamColorIndex(data: StreamDetailData): number | undefined {
  const index = data.incident.streams
    .filter((stream) => !stream.isMarkerStream)
    .findIndex((stream) => stream.id === data.stream.id);
  return index === -1 ? undefined : index;
}

function Fact({ term, name, children }: { term: string; name: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted">{term}</dt>
      <dd data-stream-fact={name} className="min-w-0 tabular-nums">
        {children}
      </dd>
    </div>
  );
}

export function StreamFacts({ data, zone }: { data: StreamDetailData; zone: string }) {
  const { stream, summary } = data;
  const colorIndex = streamColorIndex(data);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Stream facts">
      <Fact term="Format" name="format">
        {stream.isMarkerStream
          ? 'Markers of the incident'
          : stream.importFormat === null
            ? 'Made by hand'
            : formatName(stream.importFormat)}
      </Fact>
      <Fact term="Source" name="source">
        {stream.systemUploads.length === 0 ? (
          <span className="text-muted">none</span>
        ) : (
          <ul>
            {/* The newest file is the one the stream derives from now; earlier ones stay kept after a re-import. */}
            {[...stream.systemUploads]
              .sort((a, b) => b.id - a.id)
              .map((upload, index, all) => (
                <li key={upload.id}>
                  <a
                    className="text-accent underline"
                    href={uploadContentAddress(upload.id)}
                    download={upload.fileName}
                  >
                    {upload.fileName}
                  </a>{' '}
                  <span className="text-muted">
                    ({upload.sizeBytes.toLocaleString()} bytes
                    {all.length > 1 ? (index === 0 ? ', current' : ', earlier') : ''})
                  </span>
                </li>
              ))}
          </ul>
        )}
      </Fact>
      <Fact term="Events" name="events">
        {stream.eventCount.toLocaleString()}
      </Fact>
      <Fact term="Time range" name="range">
        {summary.startMicros === undefined || summary.endMicros === undefined ? (
          <span className="text-muted">no events</span>
        ) : (
          <StreamTimeRange startMicros={summary.startMicros} endMicros={summary.endMicros} zone={zone} />
        )}
      </Fact>
      <Fact term="Clock offset" name="offset">
        {formatClockOffset(stream.clockOffsetMicroseconds)}
      </Fact>
      <Fact term="Colour" name="colour">
        {colorIndex === undefined ? (
          <span className="text-muted">none</span>
        ) : (
          <span className="inline-flex items-center gap-2">
            {/* light-dark() follows the color-scheme that <html data-theme> sets in styles.css. */}
            <span
              aria-hidden
              className="inline-block size-3.5 rounded-sm border border-line"
              style={{
                background: `light-dark(${paletteColor(colorIndex, 'light')}, ${paletteColor(colorIndex, 'dark')})`,
              }}
            />
            {CHART_PALETTE[colorIndex % CHART_PALETTE.length]?.name}
          </span>
        )}
      </Fact>
    </dl>
  );
}
