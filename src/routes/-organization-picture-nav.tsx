/* The organization's pictures as a row of links (its Pictures tab), the current one marked. */
import { Link } from '@tanstack/react-router';
import { currentMark } from '../ui/current-mark.ts';
import { EVENT_PICTURES, pictureTabs } from '../ui/picture-labels.ts';

const PICTURES = pictureTabs(['incident-bar', 'cross-incident-connections', ...EVENT_PICTURES, 'create-map']);

export function OrganizationPictureNav({ organizationID, current }: { organizationID: number; current: string }) {
  return (
    <nav aria-label="Organization pictures" className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {PICTURES.map((picture) => (
        <Link
          key={picture.visualizationName}
          to="/organization/$organizationID/{-$viewName}/type/$visualizationName"
          params={{ organizationID, visualizationName: picture.visualizationName }}
          {...currentMark(picture.visualizationName === current, 'link')}
        >
          {picture.label}
        </Link>
      ))}
    </nav>
  );
}
