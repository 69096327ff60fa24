/*
 * What a data screen shows until its issue lands: the route's name and its parsed parameters,
 * so every URL of spec section 2 already resolves (and a bad one does not).
 */
import type { ReactNode } from 'react';

type ParamValue = string | number | readonly number[] | undefined;

interface RoutePlaceholderProps {
  title: string;
  params?: Record<string, ParamValue>;
  children?: ReactNode;
}

function show(value: ParamValue): string {
  if (value === undefined) return '(none)';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function RoutePlaceholder({ title, params = {}, children }: RoutePlaceholderProps) {
  const entries = Object.entries(params);
  return (
    <section
      className="flex flex-col gap-2 rounded-md border border-dashed border-line p-4"
      data-route-placeholder={title}
    >
      <h2 className="text-base font-semibold">{title}</h2>
      {entries.length > 0 ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-sm">
          {entries.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted">{name}</dt>
              <dd className="font-mono" data-param={name}>
                {show(value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}
