/*
 * A Radix dialog shown as a sheet sliding over one side of the screen: the side panel and the
 * detail panels on a tablet. Focus stays inside while it is open, Escape and the backdrop close it.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { classNames } from './class-names.ts';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  /** Extra attributes tests and assistive tools read on the sheet. */
  testID?: string;
  /** Where focus goes back to on closing when the sheet was not opened by a Radix trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function Sheet({ open, onOpenChange, side, title, testID, returnFocusTo, children }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          data-testid={testID}
          data-sheet={side}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className={classNames(
            'fixed inset-y-0 z-50 flex w-[min(26rem,88vw)] flex-col gap-2 overflow-y-auto border-line bg-canvas p-3 text-ink shadow-xl outline-none',
            side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="cursor-pointer rounded-md px-2 py-0.5 text-ink hover:bg-raised"
              aria-label={`Close ${title.toLowerCase()}`}
            >
              ✕
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
