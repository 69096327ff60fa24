/*
 * What the incident's and the organization's maps share: the maps the analyst left visible, the
 * labels, merging, height and camera of their settings and view state, and the map's clock (the
 * events it is passing, and the time of the selected event, where the map moves its clock to).
 */
import { useMemo, useState } from 'react';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { useDisplaySettings, useViewState } from '../features/settings/use-settings.ts';
import type { ViewKind } from '../features/settings/persisted-root.ts';
import { cursorEvents } from '../features/timeline/cursor-events.ts';

export function useMapView<Map extends { id: number }>(
  kind: ViewKind,
  id: number,
  maps: readonly Map[],
  events: Parameters<typeof cursorEvents>[0],
  positions: Parameters<typeof cursorEvents>[1],
  selectedEventID: number | undefined,
) {
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const [viewState, updateViewState] = useViewState(kind, id);
  const [cursorMicros, setCursorMicros] = useState<number | undefined>(undefined);
  const shownMaps = useMemo(
    () => maps.filter((map) => viewState.incidentMapVisibility[String(map.id)] !== false),
    [maps, viewState.incidentMapVisibility],
  );
  const current = useMemo(() => cursorEvents(events, positions, cursorMicros), [events, positions, cursorMicros]);
  const selectedEventMicros = useMemo(
    () =>
      selectedEventID === undefined ? undefined : events.find((event) => event.id === selectedEventID)?.startTimestamp,
    [events, selectedEventID],
  );
  return {
    cursorMicros,
    current,
    selectedEventMicros,
    /** The props of MapPicture every map gives the same way. */
    picture: {
      analystID: acting.settingsAnalystID,
      maps: shownMaps,
      selectedEventID,
      selectedEventMicros,
      onCursor: setCursorMicros,
      heightPx: settings.visualizationHeight,
      showLabels: settings.displayIncidentMapMarkerLabels,
      mergePoints: settings.mergeMapDataPoints,
      camera: viewState.cameraPosition,
      onCamera: (cameraPosition: typeof viewState.cameraPosition) => updateViewState({ cameraPosition }),
    },
  };
}
