/*
 * Which JSON field (a dotted path, at any depth) holds the start time, end time, actor and message.
 * The paths offered are those of the file's first records.
 */
import { useId } from 'react';
import { FIELD_ROLES, withField, type FieldMappingDraft } from './import-settings-draft.ts';

const SELECT = 'max-w-72 rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink';

export function FieldMappingFields({
  fields,
  mapping,
  onChange,
}: {
  fields: readonly string[];
  mapping: FieldMappingDraft;
  onChange: (mapping: FieldMappingDraft) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-wrap items-start gap-3">
      <legend className="mb-1 font-medium">JSON fields</legend>
      {FIELD_ROLES.map(({ role, label }) => (
        <div key={role} className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-${role}`} className="text-sm text-muted">
            {label} field
            {role === 'startTime' ? ' (required)' : ''}
          </label>
          <select
            id={`${id}-${role}`}
            className={SELECT}
            value={mapping[role] ?? ''}
            onChange={(event) => onChange(withField(mapping, role, event.target.value))}
          >
            <option value="">{role === 'startTime' ? 'Choose a field' : '(none)'}</option>
            {[...new Set([...(mapping[role] ? [mapping[role]] : []), ...fields])].map((field) => (
              <option key={field} value={field}>
                {field}
              </option>
            ))}
          </select>
        </div>
      ))}
      {mapping.startTime === undefined ? (
        <p role="alert" className="basis-full text-sm text-danger">
          Choose the field that holds the start time.
        </p>
      ) : null}
    </fieldset>
  );
}
