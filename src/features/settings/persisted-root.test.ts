import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_SETTINGS } from './display-settings.ts';
import {
  EMPTY_ROOT,
  effectiveShellFlags,
  displaySettingsFor,
  parsePersistedRoot,
  resetRoot,
  viewStateFor,
  withDisplaySettings,
  withLastAnalyst,
  withViewState,
} from './persisted-root.ts';
import { DEFAULT_VIEW_STATE } from './view-state.ts';

describe('the persisted root', () => {
  it('starts empty: defaults for every analyst, incident and organization', () => {
    expect(displaySettingsFor(EMPTY_ROOT, 7)).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(displaySettingsFor(EMPTY_ROOT, null)).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(viewStateFor(EMPTY_ROOT, 'incident', 3)).toEqual(DEFAULT_VIEW_STATE);
    expect(viewStateFor(EMPTY_ROOT, 'organization', 3)).toEqual(DEFAULT_VIEW_STATE);
  });

  it('keeps display settings per analyst', () => {
    let root = withDisplaySettings(EMPTY_ROOT, 7, { colorMode: 'dark' });
    root = withDisplaySettings(root, 8, { visualizationHeight: 480 });
    root = withDisplaySettings(root, 7, { visualizationHeight: 1080 });
    expect(displaySettingsFor(root, 7)).toMatchObject({ colorMode: 'dark', visualizationHeight: 1080 });
    expect(displaySettingsFor(root, 8)).toMatchObject({ colorMode: 'light', visualizationHeight: 480 });
    expect(EMPTY_ROOT.displaySettings).toEqual({});
  });

  it('keeps view state per incident and per organization, apart', () => {
    let root = withViewState(EMPTY_ROOT, 'incident', 5, { hiddenActorLanes: [1, 2], searchTerm: 'dns' });
    root = withViewState(root, 'incident', 5, { markersVisible: false });
    root = withViewState(root, 'organization', 5, { selectedOrganizationActorIDs: [9] });
    expect(viewStateFor(root, 'incident', 5)).toMatchObject({
      hiddenActorLanes: [1, 2],
      searchTerm: 'dns',
      markersVisible: false,
    });
    expect(viewStateFor(root, 'incident', 6)).toEqual(DEFAULT_VIEW_STATE);
    expect(viewStateFor(root, 'organization', 5).selectedOrganizationActorIDs).toEqual([9]);
    expect(viewStateFor(root, 'organization', 5).hiddenActorLanes).toEqual([]);
  });

  it('survives a round trip through JSON', () => {
    let root = withDisplaySettings(EMPTY_ROOT, 7, { colorMode: 'auto', showFilters: false });
    root = withViewState(root, 'incident', 5, { timeInterval: { start: 10, end: 20 }, stickyHeader: false });
    root = withLastAnalyst(root, 7);
    expect(parsePersistedRoot(JSON.parse(JSON.stringify(root)))).toEqual(root);
  });

  it('restores corrupt storage as defaults without throwing', () => {
    for (const raw of [
      undefined,
      null,
      'persist',
      12,
      [],
      { displaySettings: 'x', incidents: [1], organizations: null, lastAnalystID: -4 },
    ]) {
      expect(parsePersistedRoot(raw)).toEqual(EMPTY_ROOT);
    }
  });

  it('drops entries with bad keys or values and keeps the good ones', () => {
    const root = parsePersistedRoot({
      displaySettings: { '7': { colorMode: 'dark' }, abc: { colorMode: 'dark' }, '8': 'dark', '0': {} },
      incidents: { '5': { searchTerm: 'ok' }, '-1': {}, '6': null },
      organizations: { '2': { hiddenActorLanes: 'all' } },
      lastAnalystID: 7,
      version: 'abc1234',
      incidentList: { sortField: 'name' },
    });
    expect(Object.keys(root.displaySettings)).toEqual(['7']);
    expect(root.displaySettings['7']?.colorMode).toBe('dark');
    expect(Object.keys(root.incidents)).toEqual(['5']);
    expect(root.organizations['2']?.hiddenActorLanes).toEqual([]);
    expect(root.lastAnalystID).toBe(7);
    // The version and the lists are never kept.
    expect(root).not.toHaveProperty('version');
    expect(root).not.toHaveProperty('incidentList');
  });

  it('is cleared by "Reset configuration", all but who signed in last', () => {
    let root = withDisplaySettings(EMPTY_ROOT, 7, { colorMode: 'dark' });
    root = withViewState(root, 'incident', 5, { searchTerm: 'x' });
    root = withViewState(root, 'organization', 2, { searchTerm: 'y' });
    root = withLastAnalyst(root, 7);
    const reset = resetRoot(root);
    expect(reset).toEqual({ ...EMPTY_ROOT, lastAnalystID: 7 });
    expect(displaySettingsFor(reset, 7)).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('lets an incident override the header pin and the filter list, else follows the analyst', () => {
    const settings = { ...DEFAULT_DISPLAY_SETTINGS, stickyHeader: false, showFilters: true };
    expect(effectiveShellFlags(settings, undefined)).toEqual({ stickyHeader: false, showFilters: true });
    expect(effectiveShellFlags(settings, DEFAULT_VIEW_STATE)).toEqual({ stickyHeader: false, showFilters: true });
    expect(
      effectiveShellFlags(settings, { ...DEFAULT_VIEW_STATE, stickyHeader: true, filterListExpanded: false }),
    ).toEqual({
      stickyHeader: true,
      showFilters: false,
    });
  });

  it('changes nothing when the last analyst is the same', () => {
    const root = withLastAnalyst(EMPTY_ROOT, 3);
    expect(withLastAnalyst(root, 3)).toBe(root);
  });
});
