/*
 * The incident toolbar: time zone (only names of the zone table), time interval (in that zone)
 * and search term, each with its message beside the field. The interval applies on Enter or Apply.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { isKnownTimeZone, listTimeZoneOptions } from '../../../domain/time/time-zone-table.ts';
import { Button } from '../../ui/button.tsx';
import { IntervalField } from '../../ui/interval-field.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { intervalText, parseInterval } from '../../../domain/time/interval-text.ts';
import { useIncidentPage } from './incident-page-context.ts';

const fieldClass = 'rounded-md border bg-panel px-2 py-1 text-ink placeholder:text-muted';

function ZoneField({ zone, onZoneChange }: { zone: string; onZoneChange: (zone: string) => void }) {
  const options = useMemo(() => listTimeZoneOptions(), []);
  const [text, setText] = useState(zone);
  const error = text.trim() !== '' && !isKnownTimeZone(text.trim()) ? 'is not a known time zone' : undefined;
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor="incident-time-zone" className="text-xs font-medium text-muted">
        Time zone
      </label>
      <input
        id="incident-time-zone"
        list="incident-time-zones"
        value={text}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'incident-time-zone-error' : undefined}
        className={`${fieldClass} w-52 ${error ? 'border-danger' : 'border-line'}`}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (isKnownTimeZone(next.trim())) onZoneChange(next.trim());
        }}
      />
      <datalist id="incident-time-zones">
        {options.map((option) => (
          <option key={option.name} value={option.name} label={option.label} />
        ))}
      </datalist>
      {error ? (
        <p id="incident-time-zone-error" role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function IntervalForm() {
  const { data, viewState, updateViewState, timeZone, audit } = useIncidentPage();
  const ready = useTimeZoneReady(timeZone);
  const zone = ready ? timeZone : 'UTC';
  const interval = viewState.timeInterval;
  const [from, setFrom] = useState(() => intervalText(interval?.start, zone));
  const [to, setTo] = useState(() => intervalText(interval?.end, zone));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const first = data.incident.firstTimestamp ?? 0;
  const last = data.incident.lastTimestamp ?? first;

  function apply(event: FormEvent) {
    event.preventDefault();
    const result = parseInterval(from, to, zone, { first, last });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    updateViewState({ timeInterval: result.interval });
    audit(result.interval ? 'set time interval' : 'clear time interval', { value: result.interval });
  }

  function clear() {
    setFrom('');
    setTo('');
    setErrors({});
    updateViewState({ timeInterval: null });
    audit('clear time interval');
  }

  return (
    // Wraps too: on a narrow screen To and Apply go under From rather than past the screen's edge.
    <form onSubmit={apply} className="flex flex-wrap items-start gap-2" aria-label="Time interval">
      <IntervalField
        idPrefix="incident-interval"
        end="from"
        label="From"
        value={from}
        error={errors.from}
        onChange={setFrom}
      />
      <IntervalField idPrefix="incident-interval" end="to" label="To" value={to} error={errors.to} onChange={setTo} />
      <div className="flex gap-1 self-end pb-0.5">
        <Button type="submit" className="px-2 py-1">
          Apply
        </Button>
        {interval ? (
          <Button variant="ghost" className="px-2 py-1" onClick={clear}>
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function IncidentToolbar({
  onZoneChange,
  actions,
  filtersButton,
}: {
  onZoneChange: (zone: string) => void;
  actions?: ReactNode;
  filtersButton?: ReactNode;
}) {
  const { viewState, updateViewState, timeZone, filtered, events, audit } = useIncidentPage();
  const ready = useTimeZoneReady(timeZone);
  return (
    <div
      role="toolbar"
      aria-label="Incident toolbar"
      className="flex flex-wrap items-start gap-3 border-b border-line pb-2"
    >
      {filtersButton}
      <ZoneField
        zone={timeZone}
        onZoneChange={(zone) => {
          onZoneChange(zone);
          audit('set time zone', { value: zone });
        }}
      />
      <IntervalForm
        key={`${ready} ${viewState.timeInterval?.start ?? ''} ${viewState.timeInterval?.end ?? ''} ${timeZone}`}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor="incident-search-term" className="text-xs font-medium text-muted">
          Search term
        </label>
        <input
          id="incident-search-term"
          type="search"
          value={viewState.searchTerm}
          placeholder="Words in the message"
          maxLength={500}
          className={`${fieldClass} w-56 border-line`}
          onChange={(event) => updateViewState({ searchTerm: event.target.value })}
          onBlur={(event) => {
            if (event.target.value !== '') audit('set search term', { value: event.target.value });
          }}
        />
      </div>
      <p className="self-end pb-1 text-sm text-muted" role="status" aria-live="polite">
        <span data-testid="shown-event-count">{filtered.count.toLocaleString('en')}</span> of{' '}
        {countNoun(events.length, 'event')}
      </p>
      {actions ? <div className="ml-auto flex items-end gap-2 self-end">{actions}</div> : null}
    </div>
  );
}
