import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_STATE, parseViewState } from './view-state.ts';

describe('view state of an incident or organization', () => {
  it('has a default for every field of spec section 4', () => {
    expect(DEFAULT_VIEW_STATE).toMatchObject({
      hiddenActorLanes: [],
      actorColumnOrder: [],
      selectedEventIDs: [],
      collectionVisibility: {},
      streamVisibility: {},
      tagVisibility: {},
      incidentMapVisibility: {},
      incidentTagVisibility: {},
      collectionFilterModes: {},
      noteFilterModes: {},
      tagFilterModes: {},
      searchTerm: '',
      timeInterval: null,
      markersVisible: true,
      hiddenMarkerEventIDs: [],
      minimapVisible: true,
      minimapYAxisVisible: true,
      minimapLimitedToVisibleStreams: false,
      swimlaneYAxisVisible: true,
      swimlaneHeightLimited: true,
      yAxisTimeFormat: 'absolute',
      inlineReplyThreadEventID: null,
      swimlaneColumnDragPositionPx: null,
      cameraPosition: null,
      secondaryTimeWindow: null,
      groupSwimlaneEvents: false,
      selectedOrganizationActorIDs: [],
    });
    // Absent overrides: the analyst's own setting applies.
    expect(DEFAULT_VIEW_STATE.stickyHeader).toBeUndefined();
    expect(DEFAULT_VIEW_STATE.filterListExpanded).toBeUndefined();
  });

  it('keeps a valid stored record', () => {
    const stored = {
      ...DEFAULT_VIEW_STATE,
      hiddenActorLanes: [3, 4],
      tagFilterModes: { outage: 'r', noise: 'i' },
      timeInterval: { start: 1_000_000, end: 2_000_000 },
      cameraPosition: { x: 1, y: 2, z: 3, heading: 0.5, pitch: -0.2, roll: 0 },
      stickyHeader: false,
    };
    expect(parseViewState(stored)).toEqual(stored);
  });

  it('resets damaged fields alone', () => {
    const parsed = parseViewState({
      hiddenActorLanes: [1, 'two', 3],
      tagFilterModes: { outage: 'x' },
      timeInterval: { start: 5, end: 1 },
      searchTerm: 'disk full',
      cameraPosition: { x: 1 },
      yAxisTimeFormat: 'elapsed',
    });
    expect(parsed).toBeDefined();
    expect(parsed?.hiddenActorLanes).toEqual([]);
    expect(parsed?.tagFilterModes).toEqual({});
    expect(parsed?.timeInterval).toBeNull();
    expect(parsed?.cameraPosition).toBeNull();
    expect(parsed?.searchTerm).toBe('disk full');
    expect(parsed?.yAxisTimeFormat).toBe('elapsed');
  });

  it('is no record at all for values that are not objects', () => {
    for (const raw of [null, 7, 'x', [DEFAULT_VIEW_STATE]]) expect(parseViewState(raw)).toBeUndefined();
  });
});
