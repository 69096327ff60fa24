/*
 * The incident page: toolbar, sync bar, the side panel (when "Show filters" is on; a sheet opened by
 * "Filters" on a narrow screen, so the picture keeps the width) and the current view, with a detail
 * panel beside it. It filters the events once for every view under it and
 * shares the result through IncidentPageContext.
 */
import { useDeferredValue, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { filterEvents, indexEventAnnotations } from '../../../domain/events/event-filter.ts';
import { measured } from '../../../domain/measured.ts';
import type { UiActionName } from '../../../domain/ui-action-names.ts';
import type { AuditActionBody } from '../../../domain/audit.ts';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { eventFilterColumns, eventListColumns, eventTextsPending } from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { TouchHint } from '../../ui/touch-hint.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import type { IncidentData, EventRow } from './incident-data.ts';
import { createTimeCursorStore, TimeCursorContext } from '../../data/time-cursor.ts';
import {
  IncidentPageContext,
  type IncidentDisplaySettings,
  type IncidentPageValue,
  type PictureExport,
} from './incident-page-context.ts';
import { IncidentSidePanel } from './incident-side-panel.tsx';
import { IncidentToolbar } from './incident-toolbar.tsx';
import { eventFilterOf, type IncidentViewState, type IncidentViewStatePatch } from './incident-view-state.ts';
import { IncidentViewNav, useZoomablePictureShown } from './incident-view-nav.tsx';
import { AddMarkerButton } from './marker-dialog.tsx';
import { ExportMenu } from './export-menu.tsx';
import { SyncStatusBar } from './sync-status-bar.tsx';
import type { IncidentSource } from './use-incident-source.ts';

const EMPTY_EVENTS: readonly EventRow[] = [];

interface IncidentScreenProps {
  incidentID: number;
  source: IncidentSource;
  viewState: IncidentViewState;
  updateViewState: (patch: IncidentViewStatePatch) => void;
  timeZone: string;
  onZoneChange: (zone: string) => void;
  settings: IncidentDisplaySettings;
  showFilters: boolean;
  /** Remembers that the touch hint was dismissed. */
  onDismissTouchHint?: () => void;
  toolbarActions?: ReactNode;
  children: ReactNode;
}

export function IncidentScreen(props: IncidentScreenProps) {
  const { incidentID, source } = props;
  const { data, sync, reload: onRetry } = source;
  if (!data) {
    return (
      <div className="flex flex-col gap-3 px-4 py-6">
        <h1 className="text-lg font-semibold">Incident {incidentID}</h1>
        <SyncStatusBar sync={sync} onRetry={onRetry} />
        {sync.status === 'error' ? (
          <div role="alert" className="flex items-center gap-2">
            <p>The incident could not be loaded{sync.message ? `: ${sync.message}` : '.'}</p>
            <Button onClick={onRetry}>Try again</Button>
          </div>
        ) : (
          <p role="status" className="text-muted">
            Loading the incident…
          </p>
        )}
      </div>
    );
  }
  return <LoadedIncident {...props} data={data} />;
}

function LoadedIncident({
  incidentID,
  data,
  source: { events, sync, reload: onRetry },
  viewState,
  updateViewState,
  timeZone,
  onZoneChange,
  settings,
  showFilters,
  onDismissTouchHint,
  toolbarActions,
  children,
}: IncidentScreenProps & { data: IncidentData }) {
  const allEvents = events ?? EMPTY_EVENTS;
  const eventsRead = events !== undefined;
  const annotations = useMemo(() => indexEventAnnotations(data), [data]);
  // Filtering a million events takes a moment: typing stays responsive, the list follows.
  const deferredState = useDeferredValue(viewState);
  const filter = useMemo(() => eventFilterOf(deferredState), [deferredState]);
  // A reopened large incident's messages are read after its first frame: until then a search term
  // waits (the other filters apply, and the side panel says so).
  const searching = filter.searchTerm.trim() !== '';
  const searchWaiting = searching && eventTextsPending(allEvents);
  // The same events with their messages now in filter the same without a search: keep the result,
  // so the pictures do not lay out a million events again.
  const filterKey = searching ? allEvents : (eventListColumns(allEvents) ?? allEvents);
  const filtered = useMemo(
    () =>
      measured(
        'events filtered',
        () =>
          filterEvents(
            allEvents,
            annotations,
            searchWaiting ? { ...filter, searchTerm: '' } : filter,
            eventFilterColumns(allEvents),
          ),
        (shown) => ({ events: allEvents.length, shown: shown.count }),
      ),
    // The events are in filterKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey, annotations, filter, searchWaiting],
  );
  const lookups = useMemo(() => {
    const streamsByID = new Map(data.streams.map((stream) => [stream.id, stream]));
    const actorsByID = new Map(data.actors.map((actor) => [actor.id, actor]));
    const streamColorIndex = new Map(
      data.streams.filter((stream) => !stream.isMarkerStream).map((stream, index) => [stream.id, index]),
    );
    return { streamsByID, actorsByID, streamColorIndex };
  }, [data.streams, data.actors]);
  const organizationID = data.incident.organizationID;
  const picture = useRef<PictureExport | null>(null);
  // One hover cursor per incident page, shared by every picture on it.
  const [timeCursor] = useState(createTimeCursorStore);
  const narrow = useNarrowScreen();
  const zoomablePicture = useZoomablePictureShown();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A tap does not focus a button on touch screens, so the sheet is told where to hand focus back.
  const filtersButtonRef = useRef<HTMLButtonElement>(null);

  const value = useMemo<IncidentPageValue>(
    () => ({
      incidentID,
      data,
      events: allEvents,
      eventsRead,
      filtered,
      annotations,
      ...lookups,
      timeZone,
      settings,
      viewState,
      updateViewState,
      audit: (
        actionName: UiActionName,
        context: Pick<AuditActionBody, 'eventID' | 'streamID' | 'mapID' | 'value'> = {},
      ) => void recordAuditAction(actionName, { organizationID, incidentID, ...context }),
      refresh: onRetry,
      registerPicture: (next: PictureExport | null) => {
        picture.current = next;
      },
      currentPicture: () => picture.current,
    }),
    [
      incidentID,
      data,
      allEvents,
      eventsRead,
      filtered,
      annotations,
      lookups,
      timeZone,
      settings,
      viewState,
      updateViewState,
      organizationID,
      onRetry,
    ],
  );

  return (
    <IncidentPageContext.Provider value={value}>
      <TimeCursorContext.Provider value={timeCursor}>
        <div className="flex flex-col gap-2 px-4 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="text-lg font-semibold">{data.incident.name}</h1>
            <SyncStatusBar sync={sync} onRetry={onRetry} />
          </div>
          <IncidentToolbar
            onZoneChange={onZoneChange}
            filtersButton={
              narrow ? (
                <FiltersButton buttonRef={filtersButtonRef} open={filtersOpen} onOpen={() => setFiltersOpen(true)} />
              ) : undefined
            }
            actions={
              <>
                <AddMarkerButton />
                <ExportMenu />
                {toolbarActions}
              </>
            }
          />
          {searchWaiting ? (
            <p role="status" className="text-xs text-muted" data-testid="search-waiting">
              Reading the messages on this device: the search applies as soon as they are in.
            </p>
          ) : null}
          <IncidentViewNav />
          <TouchHint
            show={(settings.showTouchHint ?? false) && zoomablePicture}
            onDismiss={() => onDismissTouchHint?.()}
          />
          <div className="flex min-h-0 items-start gap-3" data-layout={narrow ? 'narrow' : 'wide'}>
            {showFilters && !narrow ? <IncidentSidePanel /> : null}
            {narrow ? (
              <Sheet
                open={filtersOpen}
                onOpenChange={setFiltersOpen}
                side="left"
                title="Filters"
                testID="filters-sheet"
                returnFocusTo={filtersButtonRef}
              >
                <IncidentSidePanel variant="sheet" />
              </Sheet>
            ) : null}
            <div className="flex min-w-0 flex-1 items-start gap-3">{children}</div>
          </div>
        </div>
      </TimeCursorContext.Provider>
    </IncidentPageContext.Provider>
  );
}

function FiltersButton({
  buttonRef,
  open,
  onOpen,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpen: () => void;
}) {
  return (
    <Button ref={buttonRef} className="self-end px-2 py-1" aria-haspopup="dialog" aria-expanded={open} onClick={onOpen}>
      Filters
    </Button>
  );
}
