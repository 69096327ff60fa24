/*
 * The side panel of an incident (PRODUCT.md, Screens): streams, actors, collections, tags, notes,
 * links, uploads and maps, with visibility toggles, and the filter modes h, i and r for
 * collections, tags and note kinds. Every change lands in the incident's view state.
 */
import { Link } from '@tanstack/react-router';
import { NOTE_KINDS } from '../../../domain/annotations.ts';
import type { EventFilterMode } from '../../../domain/events/event-filter.ts';
import { UploadLink } from './upload-link.tsx';
import { incidentPanelLink, type IncidentItem } from '../../ui/entity-link.tsx';
import { FilterModeToggle } from '../../ui/filter-mode-toggle.tsx';
import { useIncidentPage } from './incident-page-context.ts';
import { withMode } from './incident-view-state.ts';
import { ItemCount, SIDE_PANEL_ROW, SidePanelSection, VisibilityRow } from './side-panel-section.tsx';
import { StreamSwatch } from './stream-swatch.tsx';

/** The "›" at the end of a row that opens the item's detail panel, named for screen readers. */
function DetailLink({ noun, name, item }: { noun: string; name: string; item: IncidentItem }) {
  const { incidentID } = useIncidentPage();
  return (
    <Link
      {...incidentPanelLink(incidentID, item)}
      className="shrink-0 rounded px-1 text-xs text-accent hover:underline"
      aria-label={`Details of ${noun} ${name}`}
    >
      ›
    </Link>
  );
}

/** `sheet`: inside the narrow screen's sheet, which brings its own frame and width. */
export function IncidentSidePanel({ variant = 'inline' }: { variant?: 'inline' | 'sheet' }) {
  const { incidentID, data, viewState, updateViewState, streamColorIndex, audit } = useIncidentPage();
  const evidenceStreams = data.streams.filter((stream) => !stream.isMarkerStream);
  const markerStream = data.streams.find((stream) => stream.isMarkerStream);
  const eventTags = data.tags.filter((tag) => tag.itemType === 'event');
  const noteCounts = new Map<string, number>();
  for (const note of data.notes)
    if (note.eventID !== null) noteCounts.set(note.kind, (noteCounts.get(note.kind) ?? 0) + 1);
  const hiddenActors = new Set(viewState.hiddenActorLanes);

  // A visibility record holds only the hidden entries (false): an entry it lacks is shown.
  const visibilityIn = (
    field: 'streamVisibility' | 'collectionVisibility' | 'tagVisibility' | 'incidentMapVisibility',
    key: string,
    audited: (visible: boolean) => void,
  ) => ({
    shown: viewState[field][key] !== false,
    onShownChange: (visible: boolean) => {
      const next = { ...viewState[field] };
      if (visible) delete next[key];
      else next[key] = false;
      updateViewState({ [field]: next });
      audited(visible);
    },
  });
  const setMode = (
    field: 'collectionFilterModes' | 'tagFilterModes' | 'noteFilterModes',
    key: string,
    mode: EventFilterMode | undefined,
  ) => {
    updateViewState({ [field]: withMode(viewState[field], key, mode) });
    const action =
      field === 'collectionFilterModes'
        ? 'set collection filter mode'
        : field === 'tagFilterModes'
          ? 'set tag filter mode'
          : 'set note filter mode';
    audit(action, { value: { item: key, mode: mode ?? null } });
  };

  return (
    <nav
      aria-label="Filters"
      className={
        variant === 'inline'
          ? 'flex w-72 shrink-0 flex-col overflow-y-auto rounded-md border border-line bg-panel px-2 text-ink'
          : 'flex flex-col text-ink'
      }
      data-testid="incident-side-panel"
    >
      <SidePanelSection title="Streams" count={evidenceStreams.length} empty="No streams yet.">
        {evidenceStreams.map((stream) => (
          <VisibilityRow
            key={stream.id}
            {...visibilityIn('streamVisibility', String(stream.id), (visible) =>
              audit('toggle stream visibility', { streamID: stream.id, value: visible }),
            )}
            item={`stream ${stream.name}`}
            label={
              <span className="flex min-w-0 items-center gap-1.5">
                <StreamSwatch index={streamColorIndex.get(stream.id)} />
                <span className="truncate">{stream.name}</span>
              </span>
            }
            count={stream.eventCount}
          />
        ))}
        {markerStream ? (
          <VisibilityRow
            shown={viewState.markersVisible}
            onShownChange={(visible) => {
              updateViewState({ markersVisible: visible });
              audit('toggle marker visibility', { value: visible });
            }}
            item="markers"
            label="Markers"
            count={markerStream.eventCount}
          />
        ) : null}
      </SidePanelSection>

      <SidePanelSection title="Actors" count={data.actors.length} empty="No actors yet.">
        {data.actors.map((actor) => (
          <VisibilityRow
            key={actor.id}
            shown={!hiddenActors.has(actor.id)}
            onShownChange={(visible) => {
              const next = visible
                ? viewState.hiddenActorLanes.filter((id) => id !== actor.id)
                : [...viewState.hiddenActorLanes, actor.id];
              updateViewState({ hiddenActorLanes: next });
              audit('toggle actor visibility', { value: { actorID: actor.id, visible } });
            }}
            item={`actor ${actor.name}`}
            label={
              <span className="truncate">
                {actor.name}
                {actor.isBot ? <span className="ml-1 text-xs text-muted">bot</span> : null}
              </span>
            }
            count={actor.eventCount}
          >
            <DetailLink noun="actor" name={actor.name} item={{ incidentActorID: actor.id }} />
          </VisibilityRow>
        ))}
      </SidePanelSection>

      <SidePanelSection title="Collections" count={data.collections.length} empty="No collections yet.">
        {data.collections.map((collection) => (
          <VisibilityRow
            key={collection.id}
            {...visibilityIn('collectionVisibility', String(collection.id), (visible) =>
              audit('toggle collection visibility', { value: { collectionID: collection.id, visible } }),
            )}
            item={`collection ${collection.name}`}
            label={<span className="truncate">{collection.name}</span>}
            count={collection.eventIDs.length}
          >
            <FilterModeToggle
              itemLabel={`collection ${collection.name}`}
              value={viewState.collectionFilterModes[String(collection.id)]}
              onChange={(mode) => setMode('collectionFilterModes', String(collection.id), mode)}
            />
            <DetailLink noun="collection" name={collection.name} item={{ collectionID: collection.id }} />
          </VisibilityRow>
        ))}
      </SidePanelSection>

      <SidePanelSection title="Tags" count={eventTags.length} empty="No event tags yet.">
        {eventTags.map((tag) => (
          <VisibilityRow
            key={tag.name}
            {...visibilityIn('tagVisibility', tag.name, (visible) =>
              audit('toggle tag visibility', { value: { tag: tag.name, visible } }),
            )}
            item={`tag ${tag.name}`}
            label={
              <span className="flex min-w-0 items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: tag.color || 'var(--ck-muted)' }}
                />
                <span className="truncate">{tag.name}</span>
              </span>
            }
            count={tag.count}
          >
            <FilterModeToggle
              itemLabel={`tag ${tag.name}`}
              value={viewState.tagFilterModes[tag.name]}
              onChange={(mode) => setMode('tagFilterModes', tag.name, mode)}
            />
          </VisibilityRow>
        ))}
      </SidePanelSection>

      <SidePanelSection title="Notes" count={data.notes.length}>
        {NOTE_KINDS.map((kind) => (
          <li key={kind} className={SIDE_PANEL_ROW}>
            <span className="min-w-0 flex-1 truncate">{kind}</span>
            <ItemCount value={noteCounts.get(kind) ?? 0} />
            <FilterModeToggle
              itemLabel={`notes of kind ${kind}`}
              value={viewState.noteFilterModes[kind]}
              onChange={(mode) => setMode('noteFilterModes', kind, mode)}
            />
          </li>
        ))}
      </SidePanelSection>

      <SidePanelSection title="Links" count={data.links.length} empty="No links yet." collapsedWhenEmpty>
        {data.links.map((link) => (
          <li key={link.id} className={SIDE_PANEL_ROW}>
            <span className="shrink-0 rounded bg-raised px-1 text-xs text-muted">{link.urlType}</span>
            <Link
              to="/incident/$incidentID/{-$viewName}/link/$linkID"
              params={(prev) => ({ ...prev, incidentID, linkID: link.id })}
              className="min-w-0 flex-1 truncate text-accent hover:underline"
            >
              {link.title || link.url}
            </Link>
          </li>
        ))}
      </SidePanelSection>

      <SidePanelSection title="Uploads" count={data.uploads.length} empty="No uploads yet." collapsedWhenEmpty>
        {data.uploads.map((upload) => (
          <li key={upload.id} className={SIDE_PANEL_ROW}>
            <UploadLink upload={upload} kind={upload.kind} />
          </li>
        ))}
      </SidePanelSection>

      <SidePanelSection title="Maps" count={data.maps.length} empty="No maps yet." collapsedWhenEmpty>
        {data.maps.map((map) => (
          <VisibilityRow
            key={map.id}
            {...visibilityIn('incidentMapVisibility', String(map.id), (visible) =>
              audit('toggle incident map visibility', { mapID: map.id, value: visible }),
            )}
            item={`map ${map.name}`}
            label={<span className="truncate">{map.name}</span>}
          >
            <DetailLink noun="map" name={map.name} item={{ mapID: map.id }} />
          </VisibilityRow>
        ))}
      </SidePanelSection>
    </nav>
  );
}
