/* An uploaded file as a row shows it (the side panel's Uploads, an event's Files): its kind, then its name opening the file. */
import { apiAddress } from '../../data/api-client.ts';

export function UploadLink({ upload, kind }: { upload: { id: number; fileName: string }; kind: string }) {
  return (
    <>
      <span className="shrink-0 rounded bg-raised px-1 text-xs text-muted">{kind}</span>
      <a
        href={apiAddress(`/api/upload/${upload.id}/content`)}
        target="_blank"
        rel="noopener noreferrer"
        className="min-w-0 flex-1 truncate text-accent hover:underline"
      >
        {upload.fileName}
      </a>
    </>
  );
}
