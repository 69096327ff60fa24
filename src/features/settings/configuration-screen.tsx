/*
 * /settings/configuration: every display setting of the acting analyst (changeable here too), the
 * time zone, and the view state stored for each incident and organization, with "Reset configuration".
 */
import { Link } from '@tanstack/react-router';
import { listTimeZoneOptions } from '../../../domain/time/time-zone-table.ts';
import { VISUALIZATION_HEIGHTS } from '../../../domain/views.ts';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { COLOR_MODES, DISPLAY_SETTING_LABELS, type DisplaySettings } from './display-settings.ts';
import { PERSIST_KEY, type PersistedRoot } from './persisted-root.ts';
import { resetConfiguration } from './settings-store.ts';
import { useDisplaySettings, usePersistedRoot } from './use-settings.ts';
import { useTimeZone } from './use-time-zone.ts';
import type { ViewState } from './view-state.ts';
import { OptionList } from '../../ui/option-list.tsx';

const selectClass = 'rounded-md border border-line bg-panel px-2 py-1 text-ink';
const zoneChoices = listTimeZoneOptions().map((option) => ({ value: option.name, label: option.label }));
/** The zone table's choices; a stored zone the table does not know stays choosable, by its name, first. */
const zoneChoicesWith = (timeZone: string) =>
  zoneChoices.some((choice) => choice.value === timeZone)
    ? zoneChoices
    : [{ value: timeZone, label: timeZone }, ...zoneChoices];
const HEIGHT_CHOICES = VISUALIZATION_HEIGHTS.map((height) => ({
  value: height.heightPx,
  label: `${height.label} (${height.heightPx} px)`,
}));

/** The settings chosen from a list: their choices, and the patch a chosen option's value makes. */
const LIST_SETTINGS = {
  colorMode: {
    choices: COLOR_MODES.map((mode) => ({ value: mode, label: mode })),
    patch: (value: string): Partial<DisplaySettings> => ({
      colorMode: COLOR_MODES.find((mode) => mode === value) ?? 'light',
    }),
  },
  visualizationHeight: {
    choices: HEIGHT_CHOICES,
    patch: (value: string): Partial<DisplaySettings> => ({
      visualizationHeight: VISUALIZATION_HEIGHTS.find((height) => String(height.heightPx) === value)?.heightPx ?? 600,
    }),
  },
};

/** A setting row's compact native select; `onChoose` gets the chosen option's value as text. */
function SettingSelect({
  label,
  value,
  choices,
  onChoose,
}: {
  label: string;
  value: string | number;
  choices: readonly { value: string | number; label: string }[];
  onChoose: (value: string) => void;
}) {
  return (
    <select aria-label={label} className={selectClass} value={value} onChange={(event) => onChoose(event.target.value)}>
      <OptionList choices={choices} />
    </select>
  );
}

function SettingControl({
  name,
  settings,
  update,
}: {
  name: keyof DisplaySettings;
  settings: DisplaySettings;
  update: (patch: Partial<DisplaySettings>) => void;
}) {
  const label = DISPLAY_SETTING_LABELS[name];
  if (name === 'colorMode' || name === 'visualizationHeight') {
    const { choices, patch } = LIST_SETTINGS[name];
    return (
      <SettingSelect
        label={label}
        value={settings[name]}
        choices={choices}
        onChoose={(value) => update(patch(value))}
      />
    );
  }
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 accent-accent"
      checked={settings[name]}
      onChange={(event) => update({ [name]: event.target.checked })}
    />
  );
}

function StoredViews({
  title,
  kind,
  states,
}: {
  title: string;
  kind: 'incident' | 'organization';
  states: PersistedRoot['incidents'];
}) {
  const entries = Object.entries(states) as Array<[string, ViewState]>;
  return (
    <section className="flex flex-col gap-2">
      <h2 className="font-semibold">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-muted">None stored.</p>
      ) : (
        entries.map(([id, state]) => (
          <details
            key={id}
            className="rounded-md border border-line bg-panel px-3 py-2"
            data-view-state={`${kind}-${id}`}
          >
            <summary className="cursor-pointer font-medium">
              {kind === 'incident' ? 'Incident' : 'Organization'} {id}
            </summary>
            <pre className="mt-2 overflow-x-auto text-sm">{JSON.stringify(state, null, 2)}</pre>
          </details>
        ))
      )}
    </section>
  );
}

export function ConfigurationScreen({ analystID, analystName }: { analystID: number; analystName: string }) {
  const [settings, update] = useDisplaySettings(analystID);
  const root = usePersistedRoot();
  const [timeZone, setTimeZone] = useTimeZone();
  const names = Object.keys(DISPLAY_SETTING_LABELS) as Array<keyof DisplaySettings>;

  return (
    <Page
      title="Configuration"
      actions={
        <Button
          onClick={() => {
            resetConfiguration();
            void recordAuditAction('reset configuration');
          }}
        >
          Reset configuration
        </Button>
      }
    >
      <p className="text-muted">
        Kept in this browser under <code className="font-mono">{PERSIST_KEY}</code>. Audit entries are on the{' '}
        <Link
          to="/audit/$auditType"
          params={{ auditType: 'ui' }}
          className="text-accent underline-offset-2 hover:underline"
        >
          audit logs
        </Link>
        .
      </p>
      <section className="flex flex-col gap-2">
        <h2 className="font-semibold">Display settings of {analystName}</h2>
        <div className="max-w-full overflow-x-auto">
          <table className="w-full max-w-2xl rounded-md border border-line bg-panel">
            <tbody>
              {names.map((name) => (
                <tr key={name} className="border-b border-line last:border-b-0" data-setting={name}>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                    {DISPLAY_SETTING_LABELS[name]}
                  </th>
                  <td className="px-3 py-2 font-mono text-sm" data-setting-value>
                    {String(settings[name])}
                  </td>
                  <td className="px-3 py-2">
                    <SettingControl name={name} settings={settings} update={update} />
                  </td>
                </tr>
              ))}
              <tr data-setting="timeZone">
                <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                  Time zone
                </th>
                <td className="px-3 py-2 font-mono text-sm" data-setting-value>
                  {timeZone}
                </td>
                <td className="px-3 py-2">
                  <SettingSelect
                    label="Time zone"
                    value={timeZone}
                    choices={zoneChoicesWith(timeZone)}
                    onChoose={setTimeZone}
                  />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
      <StoredViews title="Incidents" kind="incident" states={root.incidents} />
      <StoredViews title="Organizations" kind="organization" states={root.organizations} />
    </Page>
  );
}
