/*
 * The component of a detail-panel route (`…/actor/7`, `…/event/12`): reads the route's own id, already
 * parsed by idParam, and hands it to the panel, so each such route file only names its path, its id
 * and its panel. A route file declares it as a const, not inside the route's options: the router's
 * code splitter cannot compile JSX written there.
 */
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function idPanel(name: string, render: (id: number) => ReactNode) {
  return function IDPanel() {
    const params: Partial<Record<string, unknown>> = useParams({ strict: false });
    const id = params[name];
    // The route matched only if idParam parsed the id, so a non-number here means another route's page.
    return typeof id === 'number' ? render(id) : null;
  };
}
