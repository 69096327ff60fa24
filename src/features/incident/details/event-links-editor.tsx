/* Links on one event (or the incident): http(s) only, with a urlType (spec section 3). */
import { useState } from 'react';
import { HttpUrlSchema, URL_TYPES } from '../../../../domain/annotations.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { createLink, deleteLink } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { useAnnotationWrite } from '../use-annotation-write.ts';
import { AnnotationForm } from './annotation-form.tsx';
import { AnnotationList } from './annotation-list.tsx';
import { RemoveButton } from '../../../ui/remove-button.tsx';

type UrlType = (typeof URL_TYPES)[number];
const FIELDS = ['url', 'urlType', 'title'];
const TYPE_OPTIONS = URL_TYPES.map((type) => ({ value: type, label: type }));

/** An address is a link only when it is http(s); anything else shows as text. */
export function SafeLink({ url, children }: { url: string; children: string }) {
  return HttpUrlSchema.safeParse(url).success ? (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-accent hover:underline">
      {children}
    </a>
  ) : (
    <span className="break-all">{children}</span>
  );
}

export function EventLinksEditor({ eventID }: { eventID: number | undefined }) {
  const { data, incidentID } = useIncidentPage();
  const write = useAnnotationWrite();
  const { busy, run, field } = write;
  const [url, setUrl] = useState('');
  const [urlType, setUrlType] = useState<UrlType>('other');
  const [title, setTitle] = useState('');
  const links = data.links.filter((link) => (eventID === undefined ? link.eventID === null : link.eventID === eventID));

  async function add() {
    const link = eventID === undefined ? { url, urlType, title } : { url, urlType, title, eventID };
    if (await run('add link', () => createLink(incidentID, link), { eventID, value: { urlType } })) {
      setUrl('');
      setTitle('');
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <AnnotationList label="Links" items={links} empty="No links.">
        {(link) => (
          <li key={link.id} className="flex items-center gap-2 text-sm">
            <span className="shrink-0 rounded bg-raised px-1 text-xs text-muted">{link.urlType}</span>
            <span className="min-w-0 flex-1">
              <SafeLink url={link.url}>{link.title || link.url}</SafeLink>
            </span>
            <RemoveButton
              label={`Delete link ${link.title || link.url}`}
              busy={busy}
              className="text-xs text-muted"
              onClick={() => void run('delete link', () => deleteLink(link.id), { eventID })}
            >
              Delete
            </RemoveButton>
          </li>
        )}
      </AnnotationList>
      <AnnotationForm label="Add link" write={write} fields={FIELDS} onSubmit={add}>
        <TextField
          label="Link address"
          value={url}
          placeholder="https://…"
          onChange={(event) => setUrl(event.target.value)}
          {...field('url')}
        />
        <div className="flex gap-2">
          <SelectField
            label="Link type"
            value={urlType}
            options={TYPE_OPTIONS}
            onChange={(event) => setUrlType(event.target.value as UrlType)}
            {...field('urlType')}
            className="w-36"
          />
          <TextField
            label="Link title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            {...field('title')}
            className="flex-1"
          />
        </div>
      </AnnotationForm>
    </div>
  );
}
