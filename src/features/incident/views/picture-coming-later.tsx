/* A picture whose issue has not landed yet: says so, at the analyst's visualization height. */
import { useIncidentPage } from '../incident-page-context.ts';

export function PictureComingLater({ name }: { name: string }) {
  const { settings } = useIncidentPage();
  return (
    <section aria-label={`Picture ${name}`} data-picture={name} className="grid place-items-center rounded-md border border-dashed border-line bg-panel text-muted" style={{ height: settings.visualizationHeight }}>
      <p>
        The <span className="font-mono">{name}</span> picture is coming with its issue.
      </p>
    </section>
  );
}
