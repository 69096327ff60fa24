/*
 * Selecting an event in one of the incident's pictures: the view state keeps it, the audit log
 * records it, and the address opens the event beside that picture (type/{picture}/event/{id}).
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { VisualizationName } from '../../domain/views.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';

export function useSelectEventIn(visualizationName: VisualizationName): (eventID: number) => void {
  const { incidentID, updateViewState, audit } = useIncidentPage();
  const navigate = useNavigate();
  return useCallback(
    (eventID: number) => {
      updateViewState({ selectedEventIDs: [eventID] });
      audit('select event', { eventID });
      void navigate({
        to: '/incident/$incidentID/{-$viewName}/type/$visualizationName/event/$eventID',
        params: { incidentID, visualizationName, eventID },
      });
    },
    [updateViewState, audit, navigate, incidentID, visualizationName],
  );
}
