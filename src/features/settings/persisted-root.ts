/*
 * Everything the browser keeps under the key persist:root (spec sections 4 and 9): display settings
 * per analyst and view state per incident and organization. The incident and organization lists and
 * the version are not kept. Restoring validates entry by entry: damaged storage yields defaults for
 * what is damaged, never an exception.
 */
import { parseDisplaySettings, type DisplaySettings, DEFAULT_DISPLAY_SETTINGS } from './display-settings.ts';
import { DEFAULT_VIEW_STATE, parseViewState, type ViewState } from './view-state.ts';

export const PERSIST_KEY = 'persist:root';
export const RESTORE_TIMEOUT_MS = 5000;

export type ViewKind = 'incident' | 'organization';

export interface PersistedRoot {
  /** By analyst id. */
  displaySettings: Readonly<Record<string, DisplaySettings>>;
  /** By incident id. */
  incidents: Readonly<Record<string, ViewState>>;
  /** By organization id. */
  organizations: Readonly<Record<string, ViewState>>;
  /** The analyst last acted as, so the first paint of the next visit uses their colour mode. */
  lastAnalystID: number | null;
}

export const EMPTY_ROOT: PersistedRoot = Object.freeze({
  displaySettings: {},
  incidents: {},
  organizations: {},
  lastAnalystID: null,
});

const ID_KEY = /^[1-9][0-9]{0,15}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseById<T>(raw: unknown, parse: (value: unknown) => T | undefined): Record<string, T> {
  const result: Record<string, T> = {};
  if (!isRecord(raw)) return result;
  for (const [key, value] of Object.entries(raw)) {
    if (!ID_KEY.test(key)) continue;
    const parsed = parse(value);
    if (parsed !== undefined) result[key] = parsed;
  }
  return result;
}

/** What was stored, made safe: unknown keys dropped, damaged entries dropped or defaulted. */
export function parsePersistedRoot(raw: unknown): PersistedRoot {
  if (!isRecord(raw)) return EMPTY_ROOT;
  const lastAnalystID = raw['lastAnalystID'];
  return {
    displaySettings: parseById(raw['displaySettings'], (value) =>
      isRecord(value) ? parseDisplaySettings(value) : undefined,
    ),
    incidents: parseById(raw['incidents'], parseViewState),
    organizations: parseById(raw['organizations'], parseViewState),
    lastAnalystID:
      typeof lastAnalystID === 'number' && Number.isSafeInteger(lastAnalystID) && lastAnalystID > 0
        ? lastAnalystID
        : null,
  };
}

export function displaySettingsFor(root: PersistedRoot, analystID: number | null): DisplaySettings {
  return (analystID !== null ? root.displaySettings[String(analystID)] : undefined) ?? DEFAULT_DISPLAY_SETTINGS;
}

export function withDisplaySettings(
  root: PersistedRoot,
  analystID: number,
  patch: Partial<DisplaySettings>,
): PersistedRoot {
  const current = displaySettingsFor(root, analystID);
  return { ...root, displaySettings: { ...root.displaySettings, [String(analystID)]: { ...current, ...patch } } };
}

function viewStates(root: PersistedRoot, kind: ViewKind): Readonly<Record<string, ViewState>> {
  return kind === 'incident' ? root.incidents : root.organizations;
}

export function viewStateFor(root: PersistedRoot, kind: ViewKind, id: number): ViewState {
  return viewStates(root, kind)[String(id)] ?? DEFAULT_VIEW_STATE;
}

export function withViewState(
  root: PersistedRoot,
  kind: ViewKind,
  id: number,
  patch: Partial<ViewState>,
): PersistedRoot {
  const states = { ...viewStates(root, kind), [String(id)]: { ...viewStateFor(root, kind, id), ...patch } };
  return kind === 'incident' ? { ...root, incidents: states } : { ...root, organizations: states };
}

export function withLastAnalyst(root: PersistedRoot, analystID: number): PersistedRoot {
  return root.lastAnalystID === analystID ? root : { ...root, lastAnalystID: analystID };
}

/** "Reset configuration": every setting and every view state back to its default. */
export function resetRoot(root: PersistedRoot): PersistedRoot {
  // The last analyst is who is signed in here, not configuration; keeping it avoids a colour flash.
  return { ...EMPTY_ROOT, lastAnalystID: root.lastAnalystID };
}

/** The header pin and the filter list: an incident's or organization's choice, else the analyst's. */
export function effectiveShellFlags(
  settings: DisplaySettings,
  view: ViewState | undefined,
): { stickyHeader: boolean; showFilters: boolean } {
  return {
    stickyHeader: view?.stickyHeader ?? settings.stickyHeader,
    showFilters: view?.filterListExpanded ?? settings.showFilters,
  };
}
