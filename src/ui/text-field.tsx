import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { LabelledField, splitFrame, type FieldFrameProps } from './labelled-field.tsx';

/** A labelled input with its error message beside it (announced, and linked for screen readers). */
export function TextField(props: ComponentProps<'input'> & FieldFrameProps) {
  const [frame, inputProps] = splitFrame(props);
  const size = 'w-full max-w-form-input px-2.5 placeholder:text-muted disabled:opacity-60';
  return (
    <LabelledField
      {...frame}
      control={(field) => <input {...field} className={classNames(field.className, size)} {...inputProps} />}
    />
  );
}
