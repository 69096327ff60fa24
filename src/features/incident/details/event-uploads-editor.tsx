/* Files attached to one event: the list, and a form to attach one (as the message itself or an attachment). */
import { useState, type FormEvent } from 'react';
import { ATTACHMENT_KINDS, UPLOAD_KINDS } from '../../../../domain/annotations.ts';
import { apiAddress } from '../../../data/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { attachUpload } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { formMessage, messageFor, useAnnotationWrite } from '../use-annotation-write.ts';
import { FormError } from './form-error.tsx';

type UploadKind = (typeof UPLOAD_KINDS)[number];
type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
const FIELDS = ['file', 'kind', 'attachmentKind'];

export function EventUploadsEditor({ eventID }: { eventID: number }) {
  const { data, incidentID } = useIncidentPage();
  const { busy, error, setError, run, field } = useAnnotationWrite();
  const [file, setFile] = useState<File | undefined>();
  const [kind, setKind] = useState<UploadKind | ''>('');
  const [attachmentKind, setAttachmentKind] = useState<AttachmentKind>('attachment');
  const [inputKey, setInputKey] = useState(0);
  const uploads = data.uploads.filter((upload) => upload.eventID === eventID);

  async function attach(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError({ field: 'file', message: 'is required: choose a file' });
      return;
    }
    if (
      await run(
        'attach upload',
        () => attachUpload(incidentID, file, { kind: kind || undefined, eventID, attachmentKind }),
        { eventID, value: { attachmentKind } },
      )
    ) {
      setFile(undefined);
      setInputKey((key) => key + 1);
    }
  }

  const fileError = messageFor(error, ['file']);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1" aria-label="Uploads">
        {uploads.map((upload) => (
          <li key={upload.id} className="flex items-center gap-2 text-sm">
            <span className="shrink-0 rounded bg-raised px-1 text-xs text-muted">
              {upload.attachmentKind ?? upload.kind}
            </span>
            <a
              href={apiAddress(`/api/upload/${upload.id}/content`)}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 flex-1 truncate text-accent hover:underline"
            >
              {upload.fileName}
            </a>
          </li>
        ))}
        {uploads.length === 0 ? <li className="text-sm text-muted">No files.</li> : null}
      </ul>
      <form onSubmit={(event) => void attach(event)} className="flex flex-col gap-2" aria-label="Attach file">
        <div className="flex flex-col gap-1">
          <label htmlFor={`upload-file-${eventID}`} className="font-medium">
            File
          </label>
          <input
            key={inputKey}
            id={`upload-file-${eventID}`}
            type="file"
            disabled={busy}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `upload-file-${eventID}-error` : undefined}
            onChange={(event) => setFile(event.target.files?.[0])}
            className="text-sm"
          />
          {fileError ? (
            <p id={`upload-file-${eventID}-error`} role="alert" className="text-danger">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <SelectField
            label="Upload kind"
            value={kind}
            options={[{ value: '', label: 'from the file' }, ...UPLOAD_KINDS.map((value) => ({ value, label: value }))]}
            onChange={(event) => setKind(event.target.value as UploadKind | '')}
            {...field('kind')}
            className="flex-1"
          />
          <SelectField
            label="Attached as"
            value={attachmentKind}
            options={ATTACHMENT_KINDS.map((value) => ({
              value,
              label: value === 'event_message' ? 'the message' : 'attachment',
            }))}
            onChange={(event) => setAttachmentKind(event.target.value as AttachmentKind)}
            {...field('attachmentKind')}
            className="flex-1"
          />
        </div>
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? 'Uploading…' : 'Attach file'}
        </Button>
        <FormError message={formMessage(error, FIELDS)} />
      </form>
    </div>
  );
}
