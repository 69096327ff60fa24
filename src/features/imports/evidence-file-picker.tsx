/* A file input that also takes a file dropped on it; the input itself stays the keyboard's way in. */
import { useId, useState } from 'react';
import { classNames } from '../../ui/class-names.ts';

export function EvidenceFilePicker({
  file,
  onChoose,
  error,
  label = 'Evidence file',
}: {
  file: File | undefined;
  onChoose: (file: File) => void;
  error: string | undefined;
  label?: string | undefined;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={classNames(
        'flex flex-col gap-1 rounded-md border border-dashed p-3',
        dragging ? 'border-accent bg-raised' : 'border-line',
      )}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped) onChoose(dropped);
      }}
    >
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-panel file:px-3 file:py-1 file:text-ink"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChoose(chosen);
        }}
      />
      <p className="text-sm text-muted">
        {file
          ? `${file.name} · ${file.size.toLocaleString()} bytes`
          : 'Or drop a file here: delimited text, Zeek logs, HAR, Timesketch, JSON Lines or a Slack export zip.'}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
