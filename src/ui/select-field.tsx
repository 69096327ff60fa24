import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { LabelledField, splitFrame, type FieldFrameProps } from './labelled-field.tsx';

type SelectFieldProps = ComponentProps<'select'> &
  FieldFrameProps & { options: ReadonlyArray<{ value: string; label: string }> };

/** A labelled native select (keyboard and screen readers for free) with its error beside it. */
export function SelectField(props: SelectFieldProps) {
  const [frame, { options, ...selectProps }] = splitFrame(props);
  return (
    <LabelledField
      {...frame}
      control={(field) => (
        <select {...field} className={classNames(field.className, 'w-full max-w-form-input px-2')} {...selectProps}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
