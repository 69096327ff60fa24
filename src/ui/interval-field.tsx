/*
 * One end of a time interval typed as text ("From", "To"), with its reason beside it when it does not
 * read as a date: the incident's toolbar and the organization's filter bar both use it.
 */
import { INTERVAL_PATTERN } from '../../domain/time/interval-text.ts';
import { errorLink, ToolbarField, toolbarFieldClass } from './toolbar-field.tsx';

interface IntervalFieldProps {
  /** Unique on the page: the input's id is `${idPrefix}-${end}`. */
  idPrefix: string;
  end: 'from' | 'to';
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}

export function IntervalField({ idPrefix, end, label, value, error, onChange }: IntervalFieldProps) {
  const id = `${idPrefix}-${end}`;
  return (
    <ToolbarField id={id} label={label} error={error}>
      <input
        id={id}
        value={value}
        placeholder={INTERVAL_PATTERN}
        spellCheck={false}
        {...errorLink(id, error)}
        className={`${toolbarFieldClass} w-44 font-mono text-xs ${error ? 'border-danger' : 'border-line'}`}
        onChange={(event) => onChange(event.target.value)}
      />
    </ToolbarField>
  );
}
