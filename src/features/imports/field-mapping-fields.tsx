/*
 * Which JSON field (a dotted path) holds the start time, end time, actor and message of a JSON
 * Lines file, and how a numeric time counts. The paths are those of the file's first rows.
 */
import { useId } from 'react';
import type { MappedRole } from '../../../domain/import/delimited-record.ts';
import type { NumericTimestampUnit } from '../../../domain/time/parse-date.ts';
import { MAPPED_ROLES, type FieldMappingDraft } from './import-settings-draft.ts';

const SELECT = 'rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink';

export function FieldMappingFields({
  fields,
  mapping,
  numericUnit,
  onChange,
  onUnitChange,
}: {
  fields: readonly string[];
  mapping: FieldMappingDraft;
  numericUnit: NumericTimestampUnit;
  onChange: (mapping: FieldMappingDraft) => void;
  onUnitChange: (unit: NumericTimestampUnit) => void;
}) {
  const id = useId();
  const set = (role: MappedRole, raw: string) => {
    const next: FieldMappingDraft = { ...mapping };
    if (raw === '') delete next[role];
    else next[role] = raw;
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-start gap-3">
      <legend className="mb-1 font-medium">JSON fields</legend>
      {MAPPED_ROLES.map(({ role, label }) => (
        <div key={role} className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-${role}`} className="text-sm text-muted">
            {label} field
            {role === 'startTime' ? ' (required)' : ''}
          </label>
          <select id={`${id}-${role}`} className={SELECT} value={mapping[role] ?? ''} onChange={(event) => set(role, event.target.value)}>
            <option value="">{role === 'startTime' ? 'Choose a field' : '(none)'}</option>
            {fields.map((field) => (
              <option key={field} value={field}>
                {field}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="flex flex-col gap-0.5">
        <label htmlFor={`${id}-unit`} className="text-sm text-muted">
          Numeric times count
        </label>
        <select id={`${id}-unit`} className={SELECT} value={numericUnit} onChange={(event) => onUnitChange(event.target.value === 'seconds' ? 'seconds' : 'microseconds')}>
          <option value="seconds">seconds since 1970</option>
          <option value="microseconds">microseconds since 1970</option>
        </select>
      </div>
      {mapping.startTime === undefined ? (
        <p role="alert" className="basis-full text-sm text-danger">
          Choose the field that holds the start time.
        </p>
      ) : null}
    </fieldset>
  );
}
