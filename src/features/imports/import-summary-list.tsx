/* What the preview found: the format and its layout, the columns, and the counts. */
import type { FormatDetection } from '../../../domain/import/detect-format.ts';
import type { ImportSummary } from '../../../domain/import/import-record.ts';
import { formatName } from '../../../domain/import/format-names.ts';

function delimiterName(delimiter: string | undefined): string {
  if (delimiter === undefined || delimiter === '') return '—';
  const named: Record<string, string> = {
    '\t': 'Tab',
    ',': 'Comma',
    ';': 'Semicolon',
    '|': 'Pipe',
    ' ': 'Space',
    whitespace: 'Spaces or tabs',
  };
  return named[delimiter] ?? `"${delimiter}"`;
}

function Item({ term, value, name }: { term: string; value: string; name: string }) {
  return (
    <div className="contents">
      <dt className="text-muted">{term}</dt>
      <dd data-summary={name} className="tabular-nums">
        {value}
      </dd>
    </div>
  );
}

export function ImportSummaryList({
  detection,
  summary,
  markerCount,
}: {
  detection: FormatDetection;
  summary: ImportSummary | undefined;
  markerCount: number;
}) {
  const columns = summary?.columns ?? ('columns' in detection ? detection.columns : []);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-sm" aria-label="Preview summary">
      <Item term="Format" name="format" value={formatName(summary?.format ?? detection.format)} />
      <Item term="Detected as" name="reason" value={detection.reason} />
      <Item
        term="Delimiter"
        name="delimiter"
        value={delimiterName(summary?.delimiter ?? ('layout' in detection ? detection.layout.delimiter : undefined))}
      />
      <Item term="Columns" name="columns" value={columns.length === 0 ? '—' : columns.join(', ')} />
      {summary ? (
        <>
          <Item term="Valid rows" name="valid" value={(summary.validCount - markerCount).toLocaleString()} />
          {markerCount > 0 ? <Item term="Markers" name="markers" value={markerCount.toLocaleString()} /> : null}
          <Item term="Invalid rows" name="invalid" value={summary.invalidCount.toLocaleString()} />
          {summary.notes.length > 0 ? <Item term="Notes" name="notes" value={summary.notes.join(' · ')} /> : null}
        </>
      ) : null}
    </dl>
  );
}
