/*
 * Everything the views of one incident page share: the data, the events and which of them the
 * filters show, the zone, the display settings and the view state with its setter. Provided by
 * IncidentScreen; the views and detail panels under it read it with useIncidentPage().
 */
import { createContext, useContext } from 'react';
import type { AuditActionBody } from '../../../domain/audit.ts';
import type { UiActionName } from '../../../domain/ui-action-names.ts';
import type { EventAnnotationIndex, FilteredEvents } from '../../../domain/events/event-filter.ts';
import type { EventRow, IncidentActor, IncidentData, Stream } from './incident-data.ts';
import type { IncidentViewState, IncidentViewStatePatch } from './incident-view-state.ts';

export interface IncidentDisplaySettings {
  displayTimelineEventOffset: boolean;
  truncateTimelineEventMessages: boolean;
  visualizationHeight: number;
  /** The touch screen's first-use hint is still wanted. */
  showTouchHint?: boolean;
}

export interface IncidentPageValue {
  incidentID: number;
  data: IncidentData;
  /** Every event of the incident, in time order (empty until they are read from this device). */
  events: readonly EventRow[];
  /** The events have been read from this device: an empty list then means the incident has none. */
  eventsRead: boolean;
  filtered: FilteredEvents;
  annotations: EventAnnotationIndex;
  streamsByID: ReadonlyMap<number, Stream>;
  actorsByID: ReadonlyMap<number, IncidentActor>;
  /** The palette index of each stream's colour. */
  streamColorIndex: ReadonlyMap<number, number>;
  timeZone: string;
  settings: IncidentDisplaySettings;
  viewState: IncidentViewState;
  updateViewState: (patch: IncidentViewStatePatch) => void;
  /** Records a UI action with this incident (and its organization) as context. */
  audit: (
    actionName: UiActionName,
    context?: Pick<AuditActionBody, 'eventID' | 'streamID' | 'mapID' | 'value'>,
  ) => void;
  /** Syncs the incident again after a write. */
  refresh: () => void;
  /** The picture on screen registers how to draw itself as a PNG (null when it goes). */
  registerPicture: (picture: PictureExport | null) => void;
  currentPicture: () => PictureExport | null;
}

export interface PictureExport {
  name: string;
  toPng: () => Promise<Blob>;
}

export const IncidentPageContext = createContext<IncidentPageValue | null>(null);

export function useIncidentPage(): IncidentPageValue {
  const value = useContext(IncidentPageContext);
  if (!value) throw new Error('useIncidentPage() needs IncidentScreen around it');
  return value;
}
