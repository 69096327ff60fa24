/*
 * The two fields every "Add …" form of this folder starts with: a name (focused first) and a free
 * description. The draft is one object so it goes to the API as it stands.
 */
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import type { useFormWrite } from './use-form-write.ts';

interface NameDescription {
  name: string;
  description: string;
}

export function NameDescriptionFields({
  nameLabel,
  value,
  onChange,
  bound,
}: {
  nameLabel: string;
  value: NameDescription;
  onChange: (next: NameDescription) => void;
  /** The field's busy state and its error, from useFormWrite. */
  bound: ReturnType<typeof useFormWrite>['bound'];
}) {
  return (
    <>
      <TextField
        label={nameLabel}
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
        {...bound('name')}
        autoFocus
      />
      <TextareaField
        label="Description"
        value={value.description}
        onChange={(event) => onChange({ ...value, description: event.target.value })}
        {...bound('description')}
      />
    </>
  );
}
