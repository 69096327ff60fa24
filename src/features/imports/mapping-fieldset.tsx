/*
 * The frame both mapping forms share (columns of a delimited file, fields of a JSON one): one
 * labelled choice per role, and the start time refused until chosen, since no event exists without it.
 */
import { useId } from 'react';

const SELECT = 'max-w-72 rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink';

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
          <div key={role} className="flex flex-col gap-0.5">
            <label htmlFor={`${id}-${role}`} className="text-sm text-muted" title={hint}>
              {label}
              {required ? ' (required)' : ''}
            </label>
            <select
              id={`${id}-${role}`}
              className={SELECT}
              value={value}
              aria-description={hint}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">{required ? `Choose a ${source}` : '(none)'}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
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
