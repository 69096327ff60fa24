/*
 * The page's part of a kept swimlane frame's key (features/swimlane/swimlane-last-frame.tsx): the
 * address, the incident's view state (filters, columns, the swimlane's options), the display settings
 * and the time zone the axis is written in. The same at the keep and at the reopen's mount.
 */
import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { useViewState } from '../features/settings/use-settings.ts';

export function useSwimlaneFrameView(): unknown {
  const { incidentID, settings, timeZone } = useIncidentPage();
  const [viewState] = useViewState('incident', incidentID);
  const path = useLocation({ select: (location) => location.pathname });
  return useMemo(() => ({ path, viewState, settings, timeZone }), [path, viewState, settings, timeZone]);
}
