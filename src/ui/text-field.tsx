import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { fieldBorder, LabelledField, splitFrame, type FieldFrameProps } from './labelled-field.tsx';

/** A labelled input with its error message beside it (announced, and linked for screen readers). */
export function TextField(props: ComponentProps<'input'> & FieldFrameProps) {
  const [frame, inputProps] = splitFrame(props);
  return (
    <LabelledField
      {...frame}
      control={(field) => (
        <input
          {...field}
          className={classNames(
            'w-full max-w-form-input rounded-md border bg-panel px-2.5 py-1.5 text-ink',
            'placeholder:text-muted disabled:opacity-60',
            fieldBorder(frame.error),
          )}
          {...inputProps}
        />
      )}
    />
  );
}
