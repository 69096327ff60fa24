/* Hooks onto the persisted configuration (settings-store.ts); each re-renders only on its own slice. */
import { useCallback, useSyncExternalStore } from 'react';
import type { DisplaySettings } from './display-settings.ts';
import { displaySettingsFor, viewStateFor, type PersistedRoot, type ViewKind } from './persisted-root.ts';
import { getSettingsSnapshot, subscribeSettings, updateDisplaySettings, updateViewState } from './settings-store.ts';
import type { ViewState } from './view-state.ts';

export function useSettingsReady(): boolean {
  return useSyncExternalStore(subscribeSettings, () => getSettingsSnapshot().status === 'ready');
}

export function usePersistedRoot(): PersistedRoot {
  return useSyncExternalStore(subscribeSettings, () => getSettingsSnapshot().root);
}

/** The analyst's display settings and a setter; `analystID` null gives the defaults, read-only. */
export function useDisplaySettings(
  analystID: number | null,
): [DisplaySettings, (patch: Partial<DisplaySettings>) => void] {
  const settings = useSyncExternalStore(subscribeSettings, () =>
    displaySettingsFor(getSettingsSnapshot().root, analystID),
  );
  const update = useCallback(
    (patch: Partial<DisplaySettings>) => {
      if (analystID !== null) updateDisplaySettings(analystID, patch);
    },
    [analystID],
  );
  return [settings, update];
}

/** The view state of an incident or organization (defaults until something is changed) and a setter. */
export function useViewState(kind: ViewKind, id: number): [ViewState, (patch: Partial<ViewState>) => void] {
  const state = useSyncExternalStore(subscribeSettings, () => viewStateFor(getSettingsSnapshot().root, kind, id));
  const update = useCallback((patch: Partial<ViewState>) => updateViewState(kind, id, patch), [kind, id]);
  return [state, update];
}
