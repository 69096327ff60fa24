/*
 * The frame both mapping forms share (columns of a delimited file, fields of a JSON one): one
 * labelled choice per role, and the start time refused until chosen, since no event exists without it.
 */
import { useId } from 'react';
import { OptionList } from '../../ui/option-list.tsx';
import { SETTING_CONTROL, SettingField } from './setting-field.tsx';

interface RoleChoice {
  role: string;
  label: string;
  hint?: string | undefined;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

export function MappingFieldset({
  legend,
  source,
  startTimeChosen,
  choices,
}: {
  legend: string;
  /** What the file is made of, for the prompts: "column" or "field". */
  source: string;
  startTimeChosen: boolean;
  choices: readonly RoleChoice[];
}) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-wrap items-start gap-3">
      <legend className="mb-1 font-medium">{legend}</legend>
      {choices.map(({ role, label, hint, value, options, onChange }) => {
        const required = role === 'startTime';
        return (
          <SettingField key={role} id={`${id}-${role}`} label={required ? `${label} (required)` : label} title={hint}>
            <select
              id={`${id}-${role}`}
              className={`max-w-72 ${SETTING_CONTROL}`}
              value={value}
              aria-description={hint}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">{required ? `Choose a ${source}` : '(none)'}</option>
              <OptionList choices={options} />
            </select>
          </SettingField>
        );
      })}
      {startTimeChosen ? null : (
        <p role="alert" className="basis-full text-sm text-danger">
          Choose the {source} that holds the start time.
        </p>
      )}
    </fieldset>
  );
}
