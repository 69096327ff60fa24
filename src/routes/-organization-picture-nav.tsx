/* The organization's pictures as a row of links (its Pictures tab), the current one marked. */
import { linkOptions } from '@tanstack/react-router';
import { LinkTabs } from '../ui/link-tabs.tsx';
import { EVENT_PICTURES, pictureTabs } from '../ui/picture-labels.ts';

const PICTURES = pictureTabs(['incident-bar', 'cross-incident-connections', ...EVENT_PICTURES, 'create-map']);

export function OrganizationPictureNav({ organizationID, current }: { organizationID: number; current: string }) {
  return (
    <LinkTabs
      label="Organization pictures"
      look="link"
      groups={[
        PICTURES.map((picture) => ({
          label: picture.label,
          current: picture.visualizationName === current,
          link: linkOptions({
            to: '/organization/$organizationID/{-$viewName}/type/$visualizationName',
            params: { organizationID, visualizationName: picture.visualizationName },
          }),
        })),
      ]}
    />
  );
}
