/* Which family the file is read as: the detected one, or any other the analyst knows it to be. */
import { useId } from 'react';
import { IMPORT_FORMATS, type ImportFormat } from '../../../domain/import/import-record.ts';
import { FORMAT_CHOICES } from '../../../domain/import/format-names.ts';

export function FormatField({
  value,
  onChange,
}: {
  value: ImportFormat | undefined;
  onChange: (format: ImportFormat) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5 self-start">
      <label htmlFor={id} className="text-sm text-muted">
        Read as
      </label>
      <select
        id={id}
        className="rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink"
        value={value ?? ''}
        onChange={(event) => {
          const chosen = IMPORT_FORMATS.find((format) => format === event.target.value);
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {value === undefined ? <option value="">Choose a family</option> : null}
        {IMPORT_FORMATS.map((format) => (
          <option key={format} value={format}>
            {FORMAT_CHOICES[format]}
          </option>
        ))}
      </select>
    </div>
  );
}
