/*
 * Filters of the audit pages: analyst, action (exact name), item type (data audit) and a time
 * range read in the chosen time zone. Applying puts them in the URL; the log follows the URL.
 */
import { useState, type FormEvent } from 'react';
import { inputToMicros, microsToInput } from '../../../domain/time/datetime-local-input.ts';
import { Button } from '../../ui/button.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import type { AuditFilters } from './audit-filters.ts';
import { OptionList } from '../../ui/option-list.tsx';

export interface AuditAnalystOption {
  id: number;
  name: string;
}

interface AuditFilterFormProps {
  auditType: 'ui' | 'data';
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  /** Administrators may choose any analyst; others see only their own entries. */
  analysts: AuditAnalystOption[];
  canChooseAnalyst: boolean;
  /** Action names to suggest (those seen so far). */
  knownActions: string[];
  timeZone: string;
}

const fieldClass = 'h-9 rounded-md border border-line bg-panel px-2 text-ink disabled:opacity-60';

export function AuditFilterForm({
  auditType,
  filters,
  onApply,
  analysts,
  canChooseAnalyst,
  knownActions,
  timeZone,
}: AuditFilterFormProps) {
  const zoneReady = useTimeZoneReady(timeZone);
  const zone = zoneReady ? timeZone : 'UTC';
  const [analystID, setAnalystID] = useState(filters.analystID === undefined ? '' : String(filters.analystID));
  const [action, setAction] = useState(filters.action ?? '');
  const [itemType, setItemType] = useState(filters.itemType ?? '');
  const [from, setFrom] = useState(() => microsToInput(filters.minTimestamp, zone));
  const [until, setUntil] = useState(() => microsToInput(filters.maxTimestamp, zone));
  const [error, setError] = useState<string | undefined>();

  function apply(event: FormEvent) {
    event.preventDefault();
    const minTimestamp = from ? inputToMicros(from, zone) : undefined;
    const maxTimestamp = until ? inputToMicros(until, zone, true) : undefined;
    if ((from && minTimestamp === undefined) || (until && maxTimestamp === undefined))
      return setError('Enter a complete date and time.');
    if (minTimestamp !== undefined && maxTimestamp !== undefined && minTimestamp > maxTimestamp)
      return setError('"From" is after "until".');
    setError(undefined);
    onApply({
      analystID: analystID ? Number(analystID) : undefined,
      action: action.trim() || undefined,
      itemType: auditType === 'data' ? itemType.trim() || undefined : undefined,
      minTimestamp,
      maxTimestamp,
    });
  }

  return (
    <form
      onSubmit={apply}
      aria-label="Audit filters"
      className="flex flex-wrap items-end gap-3 rounded-md border border-line bg-panel p-3"
    >
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Analyst</span>
        <select
          value={analystID}
          onChange={(event) => setAnalystID(event.target.value)}
          disabled={!canChooseAnalyst}
          className={fieldClass}
        >
          <option value="">{canChooseAnalyst ? 'All analysts' : 'Yours'}</option>
          <OptionList choices={analysts.map((analyst) => ({ value: analyst.id, label: analyst.name }))} />
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Action</span>
        <input
          value={action}
          onChange={(event) => setAction(event.target.value)}
          list="audit-actions"
          placeholder="any"
          className={fieldClass}
        />
        <datalist id="audit-actions">
          {knownActions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      {auditType === 'data' ? (
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Item type</span>
          <input
            value={itemType}
            onChange={(event) => setItemType(event.target.value)}
            placeholder="any"
            className={fieldClass}
          />
        </label>
      ) : null}
      <TimeField label={`From (${zone})`} value={from} onChange={setFrom} />
      <TimeField label={`Until (${zone})`} value={until} onChange={setUntil} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button onClick={() => onApply({})}>Clear</Button>
      </div>
      {error ? (
        <p role="alert" className="w-full text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** A time to the second, in the zone the page shows: the two ends of the logs' interval. */
function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <input
        type="datetime-local"
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      />
    </label>
  );
}
