import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { LabelledField, splitFrame, type FieldFrameProps } from './labelled-field.tsx';

/** A labelled multi-line input with its error message beside it. */
export function TextareaField(props: ComponentProps<'textarea'> & FieldFrameProps) {
  const [frame, textareaProps] = splitFrame(props);
  const size = 'min-h-20 w-full px-2.5 placeholder:text-muted';
  return (
    <LabelledField
      {...frame}
      control={(field) => <textarea {...field} className={classNames(field.className, size)} {...textareaProps} />}
    />
  );
}
