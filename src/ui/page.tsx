import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

/** The frame of a screen: a heading, optional actions beside it, then the content. */
export function Page({
  title,
  actions,
  wide,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={classNames('mx-auto flex w-full flex-col gap-4 px-4 py-6', wide ? 'max-w-none' : 'max-w-6xl')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold">{title}</h1>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
