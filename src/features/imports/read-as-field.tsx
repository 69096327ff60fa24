/* A Timesketch JSON Lines file read with its fixed fields, or as plain JSON Lines whose fields the analyst maps. */
import { useId } from 'react';
import type { ReadAs } from './import-settings-draft.ts';

export function ReadAsField({ value, onChange }: { value: ReadAs; onChange: (value: ReadAs) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5 self-start">
      <label htmlFor={id} className="text-sm text-muted">
        Read as
      </label>
      <select
        id={id}
        className="rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink"
        value={value}
        onChange={(event) => onChange(event.target.value === 'jsonl-fields' ? 'jsonl-fields' : 'detected')}
      >
        <option value="detected">Timesketch JSON Lines (message, datetime or timestamp)</option>
        <option value="jsonl-fields">JSON Lines, choosing the fields</option>
      </select>
    </div>
  );
}
