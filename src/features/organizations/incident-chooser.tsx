/*
 * create-map under an organization: a map belongs to one incident, so the analyst first picks which
 * (a Radix select of the organization's incidents, newest first), then goes on to that incident's
 * create-map picture.
 */
import * as Select from '@radix-ui/react-select';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';

export function IncidentChooser({
  incidents,
  onChoose,
}: {
  incidents: ReadonlyArray<{ id: number; name: string }>;
  onChoose: (incidentID: number) => void;
}) {
  const [chosen, setChosen] = useState<string>('');
  return (
    <section
      aria-label="Picture create-map"
      data-picture="create-map"
      className="flex max-w-xl flex-col gap-3 rounded-md border border-line bg-panel p-4"
    >
      <h2 className="text-base font-semibold">Create a map</h2>
      <p className="text-muted">
        A map belongs to one incident, where its track replays beside that incident&apos;s events. Which incident is
        this track evidence for?
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Select.Root value={chosen} onValueChange={setChosen}>
          <Select.Trigger
            aria-label="Incident"
            className="flex min-w-72 items-center justify-between gap-2 rounded-md border border-line bg-panel px-2 py-1.5 text-left text-ink focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Select.Value placeholder="Choose an incident…" />
            <Select.Icon aria-hidden className="text-muted">
              ▾
            </Select.Icon>
          </Select.Trigger>
          <Select.Portal>
            <Select.Content
              position="popper"
              sideOffset={4}
              className="z-50 max-h-80 min-w-72 overflow-hidden rounded-md border border-line bg-panel text-ink shadow-lg shadow-black/10"
            >
              <Select.Viewport className="p-1">
                {incidents.map((incident) => (
                  <Select.Item
                    key={incident.id}
                    value={String(incident.id)}
                    className="flex cursor-default items-center justify-between gap-2 rounded px-2 py-1.5 outline-none select-none data-[highlighted]:bg-raised"
                  >
                    <Select.ItemText>{incident.name}</Select.ItemText>
                    <Select.ItemIndicator aria-hidden>✓</Select.ItemIndicator>
                  </Select.Item>
                ))}
              </Select.Viewport>
            </Select.Content>
          </Select.Portal>
        </Select.Root>
        <Button disabled={chosen === ''} onClick={() => onChoose(Number(chosen))}>
          Continue
        </Button>
      </div>
    </section>
  );
}
