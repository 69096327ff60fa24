/* A labelled Radix checkbox: the whole label toggles it, Space works, screen readers hear the state. */
import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { useId, type ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { CheckMark } from './check-mark.tsx';

interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** A name for assistive technology when the visible label is not plain text. */
  ariaLabel?: string;
  disabled?: boolean;
  className?: string;
}

export function Checkbox({ checked, onCheckedChange, label, ariaLabel, disabled, className }: CheckboxProps) {
  const id = useId();
  return (
    <div className={classNames('flex min-w-0 items-center gap-2', className)}>
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        className="grid size-4 shrink-0 place-items-center rounded border border-line bg-panel data-[state=checked]:border-accent data-[state=checked]:bg-accent-bg"
      >
        <RadixCheckbox.Indicator>
          <CheckMark className="size-3.5 text-on-accent" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer truncate">
        {label}
      </label>
    </div>
  );
}
