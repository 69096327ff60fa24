/* The organization's pictures as a row of links (its Pictures tab), the current one marked. */
import { Link } from '@tanstack/react-router';
import { classNames } from '../ui/class-names.ts';

const PICTURES = [
  { visualizationName: 'incident-bar', label: 'Incident bar' },
  { visualizationName: 'cross-incident-connections', label: 'Connections' },
  { visualizationName: 'event-timeline', label: 'Timeline' },
  { visualizationName: 'swimlane', label: 'Swimlane' },
  { visualizationName: 'actor-bar', label: 'Actor bar' },
  { visualizationName: 'actor-circle', label: 'Actor circle' },
  { visualizationName: 'actor-scatter', label: 'Actor scatter' },
  { visualizationName: 'map', label: 'Map' },
  { visualizationName: 'create-map', label: 'Create map' },
] as const;

export function OrganizationPictureNav({ organizationID, current }: { organizationID: number; current: string }) {
  return (
    <nav aria-label="Organization pictures" className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {PICTURES.map((picture) => (
        <Link
          key={picture.visualizationName}
          to="/organization/$organizationID/{-$viewName}/type/$visualizationName"
          params={{ organizationID, visualizationName: picture.visualizationName }}
          aria-current={picture.visualizationName === current ? 'page' : undefined}
          className={classNames(
            'whitespace-nowrap',
            picture.visualizationName === current ? 'font-semibold text-ink' : 'text-accent hover:underline',
          )}
        >
          {picture.label}
        </Link>
      ))}
    </nav>
  );
}
