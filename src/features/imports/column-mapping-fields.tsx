/* Which column holds the start time, end time, actor and message of a delimited file. */
import { useId } from 'react';
import type { MappedRole } from '../../../domain/import/delimited-record.ts';
import { MAPPED_ROLES, type MappingDraft } from './import-settings-draft.ts';

const SELECT = 'rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink';

export function ColumnMappingFields({ columns, mapping, onChange }: { columns: readonly string[]; mapping: MappingDraft; onChange: (mapping: MappingDraft) => void }) {
  const id = useId();
  const set = (role: MappedRole, raw: string) => {
    const next: MappingDraft = { ...mapping };
    if (raw === '') delete next[role];
    else next[role] = Number(raw);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="mb-1 font-medium">Columns</legend>
      {MAPPED_ROLES.map(({ role, label }) => (
        <div key={role} className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-${role}`} className="text-sm text-muted">
            {label}
            {role === 'startTime' ? ' (required)' : ''}
          </label>
          <select id={`${id}-${role}`} className={SELECT} value={mapping[role] ?? ''} onChange={(event) => set(role, event.target.value)}>
            <option value="">{role === 'startTime' ? 'Choose a column' : '(none)'}</option>
            {columns.map((column, index) => (
              <option key={`${index}-${column}`} value={index}>
                {index + 1}. {column}
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
