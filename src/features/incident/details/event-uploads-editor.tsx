/* Files attached to one event: the list, and a form to attach one (as the message itself or an attachment). */
import { useState } from 'react';
import { ATTACHMENT_KINDS, UPLOAD_KINDS } from '../../../../domain/annotations.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { attachUpload } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { messageFor, useAnnotationWrite } from '../use-annotation-write.ts';
import { AnnotationForm } from './annotation-form.tsx';
import { AnnotationList } from './annotation-list.tsx';
import { UploadLink } from '../upload-link.tsx';

type UploadKind = (typeof UPLOAD_KINDS)[number];
type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
const FIELDS = ['file', 'kind', 'attachmentKind'];

export function EventUploadsEditor({ eventID }: { eventID: number }) {
  const { data, incidentID } = useIncidentPage();
  const write = useAnnotationWrite();
  const { busy, setError, run, field } = write;
  const [file, setFile] = useState<File | undefined>();
  const [kind, setKind] = useState<UploadKind | ''>('');
  const [attachmentKind, setAttachmentKind] = useState<AttachmentKind>('attachment');
  const [inputKey, setInputKey] = useState(0);
  const uploads = data.uploads.filter((upload) => upload.eventID === eventID);

  async function attach() {
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

  const fileError = messageFor(write.error, ['file']);
  return (
    <div className="flex flex-col gap-2">
      <AnnotationList label="Uploads" items={uploads} empty="No files.">
        {(upload) => (
          <li key={upload.id} className="flex items-center gap-2 text-sm">
            <UploadLink upload={upload} kind={upload.attachmentKind ?? upload.kind} />
          </li>
        )}
      </AnnotationList>
      <AnnotationForm
        label="Attach file"
        submitLabel={busy ? 'Uploading…' : 'Attach file'}
        write={write}
        fields={FIELDS}
        onSubmit={attach}
      >
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
      </AnnotationForm>
    </div>
  );
}
