/*
 * How times are read, for the families that leave a choice: numbers as seconds … nanoseconds, the
 * order of day and month, an explicit pattern, the year of logs that leave it out, and the start of
 * a recording whose cue times count from zero. Only the knobs the chosen family has are shown.
 */
import { useId } from 'react';
import { dateOrderChoices, timeKnobsOf, type TimeKnob } from './time-knobs.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import type { SettingsDraft } from './import-settings-draft.ts';
import { LocalTimeInput } from './local-time-input.tsx';
import { OptionList } from '../../ui/option-list.tsx';
import { SETTING_CONTROL, SettingField } from './setting-field.tsx';

export type TimePatch = Partial<Record<TimeKnob, string | number | boolean | undefined>>;

const UNITS: readonly { value: string; label: string }[] = [
  { value: 'auto', label: 'told apart by size' },
  { value: 'seconds', label: 'seconds since 1970' },
  { value: 'milliseconds', label: 'milliseconds since 1970' },
  { value: 'microseconds', label: 'microseconds since 1970' },
  { value: 'nanoseconds', label: 'nanoseconds since 1970' },
];

export function TimeReadingFields({
  draft,
  timeZone,
  onChange,
}: {
  draft: SettingsDraft;
  timeZone: string;
  onChange: (patch: TimePatch) => void;
}) {
  const id = useId();
  const knobs = timeKnobsOf(draft);
  if (knobs.length === 0) return null;
  const value = (knob: TimeKnob): unknown => (draft as Record<string, unknown>)[knob];
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
      <legend className="mb-1 font-medium">Times</legend>
      {knobs.includes('numericUnit') ? (
        <SettingField id={`${id}-unit`} label="Numeric times count">
          <select
            id={`${id}-unit`}
            className={SETTING_CONTROL}
            value={String(value('numericUnit') ?? 'auto')}
            onChange={(event) => onChange({ numericUnit: event.target.value })}
          >
            <OptionList choices={UNITS} />
          </select>
        </SettingField>
      ) : null}
      {knobs.includes('dateOrder') ? (
        <SettingField id={`${id}-order`} label="Dates read as">
          <select
            id={`${id}-order`}
            className={SETTING_CONTROL}
            value={String(value('dateOrder') ?? '')}
            onChange={(event) => onChange({ dateOrder: event.target.value === '' ? undefined : event.target.value })}
          >
            <OptionList choices={dateOrderChoices(draft.format)} />
          </select>
        </SettingField>
      ) : null}
      {knobs.includes('timePattern') ? (
        <SettingField id={`${id}-pattern`} label="Pattern (optional)">
          <input
            id={`${id}-pattern`}
            className={`${SETTING_CONTROL} w-56 font-mono`}
            placeholder="M/d/yyyy h:mm:ss a"
            spellCheck={false}
            defaultValue={String(value('timePattern') ?? '')}
            onBlur={(event) =>
              onChange({ timePattern: event.target.value.trim() === '' ? undefined : event.target.value.trim() })
            }
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                event.currentTarget.blur();
              }
            }}
          />
        </SettingField>
      ) : null}
      {knobs.includes('year') ? (
        <SettingField id={`${id}-year`} label="Year of the first line">
          <input
            id={`${id}-year`}
            className={`${SETTING_CONTROL} w-24 tabular-nums`}
            inputMode="numeric"
            defaultValue={value('year') === undefined ? '' : String(value('year'))}
            placeholder="inferred"
            onChange={(event) => {
              const text = event.target.value.trim();
              if (text === '') onChange({ year: undefined });
              else if (/^\d{4}$/.test(text)) onChange({ year: Number(text) });
            }}
          />
        </SettingField>
      ) : null}
      {knobs.includes('startDate') ? (
        <SettingField id={`${id}-date`} label="Date of lines without one">
          <input
            id={`${id}-date`}
            type="date"
            className={SETTING_CONTROL}
            defaultValue={String(value('startDate') ?? '')}
            onBlur={(event) => onChange({ startDate: event.target.value === '' ? undefined : event.target.value })}
          />
        </SettingField>
      ) : null}
      {knobs.includes('speakerPrefix') ? (
        <Checkbox
          className="pb-1"
          checked={value('speakerPrefix') === true}
          onCheckedChange={(checked) => onChange({ speakerPrefix: checked })}
          label={'A leading "Name:" names the speaker'}
        />
      ) : null}
      {knobs.includes('anchorMicros') ? (
        <LocalTimeInput
          label="Recording started at"
          timeZone={timeZone}
          micros={typeof value('anchorMicros') === 'number' ? (value('anchorMicros') as number) : undefined}
          onChange={(micros) => onChange({ anchorMicros: micros })}
        />
      ) : null}
    </fieldset>
  );
}
