/* Which family the file is read as: the detected one, or any other the analyst knows it to be. */
import { useId } from 'react';
import { IMPORT_FORMATS, type ImportFormat } from '../../../domain/import/import-record.ts';
import { FORMAT_CHOICES } from '../../../domain/import/format-names.ts';
import { OptionList } from '../../ui/option-list.tsx';
import { SETTING_CONTROL, SettingField } from './setting-field.tsx';

export function FormatField({
  value,
  onChange,
}: {
  value: ImportFormat | undefined;
  onChange: (format: ImportFormat) => void;
}) {
  const id = useId();
  return (
    <SettingField id={id} label="Read as" className="min-w-0 max-w-full self-start">
      <select
        id={id}
        // A family's name lists the producers it reads, longer than a tablet's panel: the control
        // stays inside the panel and shows the start of the name; the list shows it whole.
        className={`${SETTING_CONTROL} max-w-full`}
        value={value ?? ''}
        onChange={(event) => {
          const chosen = IMPORT_FORMATS.find((format) => format === event.target.value);
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {value === undefined ? <option value="">Choose a family</option> : null}
        <OptionList choices={IMPORT_FORMATS.map((format) => ({ value: format, label: FORMAT_CHOICES[format] }))} />
      </select>
    </SettingField>
  );
}
