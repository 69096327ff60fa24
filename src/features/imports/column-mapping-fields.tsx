/*
 * Which column holds what: the start time (or its date, with the time of day in another column), end
 * time, actor, message and a per-row UTC offset. Each choice shows the column's first values, so the
 * analyst maps by what the file holds, not by a guess at what a header means.
 */
import { COLUMN_ROLES, withColumn, type MappingDraft } from './import-settings-draft.ts';
import { MappingFieldset } from './mapping-fieldset.tsx';

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
  const options = columns.map((column, index) => ({
    value: String(index),
    label: columnOptionLabel(index, column, samples[index]),
  }));
  return (
    <MappingFieldset
      legend="Columns"
      source="column"
      startTimeChosen={mapping.startTime !== undefined}
      choices={COLUMN_ROLES.map(({ role, label, hint }) => ({
        role,
        label,
        hint,
        value: mapping[role] === undefined ? '' : String(mapping[role]),
        options,
        onChange: (value: string) => onChange(withColumn(mapping, role, value === '' ? undefined : Number(value))),
      }))}
    />
  );
}
