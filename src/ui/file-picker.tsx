/*
 * A file input that also takes a file dropped on it; the input itself stays the keyboard's way in.
 * Shared by the evidence import and Create map: the hint says which files the form reads, and the
 * chosen file's name and size replace it.
 */
import { useId, useState } from 'react';
import { classNames } from './class-names.ts';

export function FilePicker({
  label,
  hint,
  accept,
  file,
  onChoose,
  error,
}: {
  label: string;
  /** Shown until a file is chosen: which files this form reads. */
  hint: string;
  accept?: string | undefined;
  file: File | undefined;
  onChoose: (file: File) => void;
  error: string | undefined;
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
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-panel file:px-3 file:py-1 file:text-ink"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChoose(chosen);
        }}
      />
      <p className="text-sm text-muted">{file ? `${file.name} · ${file.size.toLocaleString('en')} bytes` : hint}</p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
