/*
 * Which column holds what: the start time (or its date, with the time of day in another column), end
 * time, actor, message and a per-row UTC offset. Each choice shows the column's first values, so the
 * analyst maps by what the file holds, not by a guess at what a header means.
 */
import { useId } from 'react';
import { COLUMN_ROLES, withColumn, type MappingDraft } from './import-settings-draft.ts';

const SELECT = 'max-w-72 rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink';

/** "3. date: 9/27/2013" — the column's number, name and first value, shortened. */
function columnOptionLabel(index: number, name: string, sample: string | undefined): string {
  const value =
    sample === undefined || sample.trim() === ''
      ? ''
      : `: ${sample.trim().length > 28 ? `${sample.trim().slice(0, 27)}…` : sample.trim()}`;
  return `${index + 1}. ${name}${value}`;
}

export function ColumnMappingFields({
  columns,
  samples,
  mapping,
  onChange,
}: {
  columns: readonly string[];
  /** The first values of each column, by index. */
  samples: readonly (string | undefined)[];
  mapping: MappingDraft;
  onChange: (mapping: MappingDraft) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-3">
      <legend className="mb-1 font-medium">Columns</legend>
      {COLUMN_ROLES.map(({ role, label, hint }) => (
        <div key={role} className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-${role}`} className="text-sm text-muted" title={hint}>
            {label}
            {role === 'startTime' ? ' (required)' : ''}
          </label>
          <select
            id={`${id}-${role}`}
            className={SELECT}
            value={mapping[role] ?? ''}
            aria-description={hint}
            onChange={(event) =>
              onChange(withColumn(mapping, role, event.target.value === '' ? undefined : Number(event.target.value)))
            }
          >
            <option value="">{role === 'startTime' ? 'Choose a column' : '(none)'}</option>
            {columns.map((column, index) => (
              <option key={`${index}-${column}`} value={index}>
                {columnOptionLabel(index, column, samples[index])}
              </option>
            ))}
          </select>
        </div>
      ))}
      {mapping.startTime === undefined ? (
        <p role="alert" className="basis-full text-sm text-danger">
          Choose the column that holds the start time.
        </p>
      ) : null}
    </fieldset>
  );
}
