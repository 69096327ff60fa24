import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { fieldBorder, LabelledField, splitFrame, type FieldFrameProps } from './labelled-field.tsx';

/** A labelled multi-line input with its error message beside it. */
export function TextareaField(props: ComponentProps<'textarea'> & FieldFrameProps) {
  const [frame, textareaProps] = splitFrame(props);
  return (
    <LabelledField
      {...frame}
      control={(field) => (
        <textarea
          {...field}
          className={classNames(
            'min-h-20 w-full rounded-md border bg-panel px-2.5 py-1.5 text-ink placeholder:text-muted',
            fieldBorder(frame.error),
          )}
          {...textareaProps}
        />
      )}
    />
  );
}
