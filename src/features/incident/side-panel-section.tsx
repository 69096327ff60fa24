import type { ReactNode } from 'react';

/** One collapsible group of the side panel (a native details element: keyboard and state for free). */
export function SidePanelSection({
  title,
  count,
  children,
  defaultOpen = true,
}: {
  title: string;
  count: number;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  return (
    <details open={defaultOpen} className="group border-b border-line py-1.5" aria-label={title}>
      <summary className="flex cursor-pointer list-none items-center justify-between px-1 py-0.5 font-semibold select-none">
        <span>{title}</span>
        <span className="text-xs font-normal text-muted">{count}</span>
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 px-1">{children}</ul>
    </details>
  );
}

export function EmptyRow({ children }: { children: ReactNode }) {
  return <li className="text-sm text-muted">{children}</li>;
}
