/* Radix dropdown menu parts with the app's look; Radix supplies focus, keys and ARIA. */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { CheckMark } from './check-mark.tsx';

export const DropdownMenu = RadixMenu.Root;

// A plain item and a checkbox item look alike, so a menu mixing them reads as one list.
const ITEM = classNames(
  'flex cursor-default select-none items-center gap-2 rounded px-2 py-1.5 outline-none',
  'data-[highlighted]:bg-raised data-[disabled]:opacity-50',
);
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align="end"
        sideOffset={6}
        className={classNames(
          'z-50 min-w-52 rounded-md border border-line bg-panel p-1 text-ink shadow-lg shadow-black/10',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={classNames(ITEM, className)} {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={classNames('px-2 py-1.5 text-muted', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={classNames('my-1 h-px bg-line', className)} {...props} />;
}

export const DropdownMenuRadioGroup = RadixMenu.RadioGroup;

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.CheckboxItem>) {
  return (
    <RadixMenu.CheckboxItem className={classNames('group', ITEM, className)} {...props}>
      <span
        aria-hidden="true"
        className="grid size-4 place-items-center rounded border border-line group-data-[state=checked]:border-accent"
      >
        <RadixMenu.ItemIndicator>
          <CheckMark className="size-3.5 text-accent" />
        </RadixMenu.ItemIndicator>
      </span>
      {children}
    </RadixMenu.CheckboxItem>
  );
}

/** One button of a segmented row of choices (colour mode, visualization height). */
export function DropdownMenuSegment({ className, ...props }: ComponentProps<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem
      className={classNames(
        'flex-1 cursor-default select-none rounded border border-line px-2 py-1 text-center text-sm outline-none',
        'data-[highlighted]:bg-raised data-[highlighted]:outline-2 data-[highlighted]:outline-focus',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent-bg data-[state=checked]:text-on-accent',
        className,
      )}
      {...props}
    />
  );
}
