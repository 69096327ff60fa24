/*
 * How a delimited file splits into rows and columns: the delimiter (any, including multi-character
 * ones such as Trend Micro's "<;>" and runs of spaces), whether the first row names the columns,
 * lines to skip before it, and quoting. Each change previews again.
 */
import { useId, useState } from 'react';
import { Checkbox } from '../../ui/checkbox.tsx';
import type { DelimitedDraft } from './import-settings-draft.ts';
import { OptionList } from '../../ui/option-list.tsx';
import { SETTING_CONTROL, SettingField } from './setting-field.tsx';

const DELIMITER_CHOICES: readonly { value: string; label: string }[] = [
  { value: ',', label: 'Comma ,' },
  { value: '\t', label: 'Tab' },
  { value: ';', label: 'Semicolon ;' },
  { value: '|', label: 'Pipe |' },
  { value: ' ', label: 'One space' },
  { value: 'whitespace', label: 'Spaces or tabs (any run)' },
];
const OTHER = 'other';

type LayoutPatch = Partial<Pick<DelimitedDraft, 'delimiter' | 'headerRows' | 'preambleRows' | 'quoted'>>;

export function DelimitedLayoutFields({
  draft,
  onChange,
}: {
  draft: DelimitedDraft;
  onChange: (patch: LayoutPatch) => void;
}) {
  const id = useId();
  const known = DELIMITER_CHOICES.some((choice) => choice.value === draft.delimiter);
  const [otherText, setOtherText] = useState(known ? '' : draft.delimiter);
  const [choosingOther, setChoosingOther] = useState(!known);
  const preambleOk = (text: string) => /^\d{1,5}$/.test(text);
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
      <legend className="mb-1 font-medium">Layout</legend>
      <SettingField id={`${id}-delimiter`} label="Delimiter">
        <select
          id={`${id}-delimiter`}
          className={SETTING_CONTROL}
          value={choosingOther ? OTHER : draft.delimiter}
          onChange={(event) => {
            const value = event.target.value;
            setChoosingOther(value === OTHER);
            if (value !== OTHER) onChange({ delimiter: value });
            else if (otherText !== '') onChange({ delimiter: otherText });
          }}
        >
          <OptionList choices={DELIMITER_CHOICES} />
          <option value={OTHER}>Other…</option>
        </select>
      </SettingField>
      {choosingOther ? (
        <SettingField id={`${id}-other`} label="Other delimiter">
          <input
            id={`${id}-other`}
            className={`${SETTING_CONTROL} w-24 font-mono`}
            value={otherText}
            maxLength={8}
            spellCheck={false}
            onChange={(event) => {
              setOtherText(event.target.value);
              if (event.target.value !== '') onChange({ delimiter: event.target.value });
            }}
          />
        </SettingField>
      ) : null}
      <SettingField id={`${id}-preamble`} label="Lines to skip first">
        <input
          id={`${id}-preamble`}
          className={`${SETTING_CONTROL} w-20 tabular-nums`}
          inputMode="numeric"
          defaultValue={String(draft.preambleRows)}
          key={draft.preambleRows}
          onChange={(event) => {
            if (preambleOk(event.target.value)) onChange({ preambleRows: Number(event.target.value) });
          }}
        />
      </SettingField>
      <Checkbox
        className="pb-1"
        checked={draft.headerRows > 0}
        onCheckedChange={(checked) => onChange({ headerRows: checked ? 1 : 0 })}
        label="First row names the columns"
      />
      <Checkbox
        className="pb-1"
        checked={draft.quoted}
        onCheckedChange={(checked) => onChange({ quoted: checked })}
        label={'Fields may be "quoted"'}
      />
    </fieldset>
  );
}
