/*
 * The frame every form field shares: a label tied to its control, and the error beside it, announced
 * and linked for screen readers. text-field, textarea-field and select-field give it their control.
 */
import { useId, type ReactNode } from 'react';
import { classNames } from './class-names.ts';

/**
 * What the control takes from its frame: the id its label names, the error it is described by, and
 * the look every field's control shares (its border red while it holds an error).
 */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** What every field takes besides its control's own props. */
export interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  className?: string | undefined;
}

/** A field's props parted into its frame's and its control's, so a wrapper passes each on whole. */
export function splitFrame<Rest>({
  label,
  error,
  className,
  ...control
}: FieldFrameProps & Rest): [FieldFrameProps, Omit<Rest, keyof FieldFrameProps>] {
  return [{ label, error, className }, control];
}

export function LabelledField({
  label,
  error,
  className,
  control,
}: FieldFrameProps & { control: (props: FieldControlProps) => ReactNode }) {
  const id = useId();
  const errorID = `${id}-error`;
  return (
    <div className={classNames('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorID : undefined,
        className: classNames('rounded-md border bg-panel py-1.5 text-ink', error ? 'border-danger' : 'border-line'),
      })}
      {error ? (
        <p id={errorID} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
