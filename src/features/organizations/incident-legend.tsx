/*
 * Under an organization the pictures colour events by incident (where an incident's pictures colour
 * them by stream): this legend names each colour, in light and dark.
 */
import type { CSSProperties } from 'react';
import { paletteColor } from '../../../domain/color/palette.ts';

export function IncidentLegend({ incidents }: { incidents: ReadonlyArray<{ id: number; name: string; colorIndex: number }> }) {
  return (
    <ul aria-label="Incident colours" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {incidents.map((incident) => (
        <li key={incident.id} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-1.5 rounded-sm bg-[var(--incident-light)] dark:bg-[var(--incident-dark)]"
            style={{ '--incident-light': paletteColor(incident.colorIndex, 'light'), '--incident-dark': paletteColor(incident.colorIndex, 'dark') } as CSSProperties}
          />
          {incident.name}
        </li>
      ))}
    </ul>
  );
}
