/* Radix dropdown menu parts with the app's look; Radix supplies focus, keys and ARIA. */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align="end"
        sideOffset={6}
        className={classNames('z-50 min-w-52 rounded-md border border-line bg-panel p-1 text-ink shadow-lg shadow-black/10', className)}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return (
    <RadixMenu.Item
      className={classNames(
        'flex cursor-default select-none items-center gap-2 rounded px-2 py-1.5 outline-none',
        'data-[highlighted]:bg-raised data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={classNames('px-2 py-1.5 text-muted', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={classNames('my-1 h-px bg-line', className)} {...props} />;
}
