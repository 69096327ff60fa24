/* The link sub-route: where it points (followed only when http or https), its type, and deleting it. */
import { Link } from '@tanstack/react-router';
import { Button } from '../../../ui/button.tsx';
import { deleteLink } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { useAnnotationWrite } from '../use-annotation-write.ts';
import { DetailPanel, NotFound, useCloseDetail } from './detail-panel.tsx';
import { Facts } from '../../../ui/facts.tsx';
import { SafeLink } from './event-links-editor.tsx';
import { FormError } from './form-error.tsx';

const OWN_TYPES = new Set(['churchkey']);

export function LinkDetailPanel({ linkID }: { linkID: number }) {
  const { data, incidentID } = useIncidentPage();
  const { busy, error, run } = useAnnotationWrite();
  const close = useCloseDetail();
  const link = data.links.find((candidate) => candidate.id === linkID);
  if (!link) return <NotFound kind="link" id={linkID} />;
  const origin = OWN_TYPES.has(link.urlType)
    ? 'own'
    : link.urlType === 'source'
      ? 'source'
      : link.urlType === 'embed'
        ? 'embed'
        : 'external';
  return (
    <DetailPanel title={link.title || link.url} kind="link">
      <Facts
        rows={[
          [
            'Address',
            <SafeLink key="url" url={link.url}>
              {link.url}
            </SafeLink>,
          ],
          ['Type', `${link.urlType} (${origin})`],
          [
            'On',
            link.eventID !== null ? (
              <Link
                to="/incident/$incidentID/{-$viewName}/event/$eventID"
                params={{ incidentID, eventID: link.eventID }}
                className="text-accent hover:underline"
              >
                event {link.eventID}
              </Link>
            ) : link.streamID !== null ? (
              `stream ${link.streamID}`
            ) : (
              'the incident'
            ),
          ],
        ]}
      />
      <FormError message={error?.message} />
      <Button
        disabled={busy}
        className="self-start"
        onClick={() =>
          void run('delete link', () => deleteLink(link.id), { eventID: link.eventID ?? undefined }).then(
            (ok) => ok && close(),
          )
        }
      >
        Delete link
      </Button>
    </DetailPanel>
  );
}
