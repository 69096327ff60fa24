import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { LabelledField, splitFrame, type FieldFrameProps } from './labelled-field.tsx';

/**
 * A labelled input with its error message beside it (announced, and linked for screen readers).
 * It stops at a form's width unless wide (a page's one search box fills its row).
 */
export function TextField({ wide = false, ...props }: ComponentProps<'input'> & FieldFrameProps & { wide?: boolean }) {
  const [frame, inputProps] = splitFrame(props);
  const size = classNames('w-full px-2.5 placeholder:text-muted disabled:opacity-60', !wide && 'max-w-form-input');
  return (
    <LabelledField
      {...frame}
      control={(field) => <input {...field} className={classNames(field.className, size)} {...inputProps} />}
    />
  );
}
