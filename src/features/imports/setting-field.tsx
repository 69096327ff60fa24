/*
 * One setting of the import form: a small muted label over its control. The settings wrap in rows
 * beside the preview, so the label sits above and stays short; a hint goes in the label's title.
 */
import type { ReactNode } from 'react';
import { classNames } from '../../ui/class-names.ts';

/** The look of every setting's control (select or input). */
export const SETTING_CONTROL = 'rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink';

export function SettingField({
  id,
  label,
  title,
  className,
  children,
}: {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  title?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={classNames('flex flex-col gap-0.5', className)}>
      <label htmlFor={id} className="text-sm text-muted" title={title}>
        {label}
      </label>
      {children}
    </div>
  );
}
