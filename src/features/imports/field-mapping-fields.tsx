/*
 * Which JSON field (a dotted path, at any depth) holds the start time, end time, actor and message.
 * The paths offered are those of the file's first records.
 */
import { FIELD_ROLES, withField, type FieldMappingDraft } from './import-settings-draft.ts';
import { MappingFieldset } from './mapping-fieldset.tsx';

export function FieldMappingFields({
  fields,
  mapping,
  onChange,
}: {
  fields: readonly string[];
  mapping: FieldMappingDraft;
  onChange: (mapping: FieldMappingDraft) => void;
}) {
  return (
    <MappingFieldset
      legend="JSON fields"
      source="field"
      startTimeChosen={mapping.startTime !== undefined}
      choices={FIELD_ROLES.map(({ role, label }) => ({
        role,
        label: `${label} field`,
        value: mapping[role] ?? '',
        // A path the records no longer show (settings kept from another file) stays choosable.
        options: [...new Set([...(mapping[role] ? [mapping[role]] : []), ...fields])].map((field) => ({
          value: field,
          label: field,
        })),
        onChange: (value: string) => onChange(withField(mapping, role, value)),
      }))}
    />
  );
}
