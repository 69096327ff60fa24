/*
 * The header pin and the "Show filters" toggle. Inside an incident or organization they are that
 * record's choice (spec section 4 keeps both per incident and organization); elsewhere, and until
 * an incident makes its own choice, the analyst's setting applies.
 */
import { useCallback } from 'react';
import { displaySettingsFor, effectiveShellFlags, type ViewKind } from './persisted-root.ts';
import { updateDisplaySettings, updateViewState } from './settings-store.ts';
import { usePersistedRoot } from './use-settings.ts';

export interface ViewContext {
  kind: ViewKind;
  id: number;
}

export function useShellFlags(analystID: number, context: ViewContext | undefined) {
  const root = usePersistedRoot();
  const settings = displaySettingsFor(root, analystID);
  const view = context
    ? (context.kind === 'incident' ? root.incidents : root.organizations)[String(context.id)]
    : undefined;
  const flags = effectiveShellFlags(settings, view);
  const kind = context?.kind;
  const id = context?.id;

  const setStickyHeader = useCallback(
    (stickyHeader: boolean) => {
      if (kind && id) updateViewState(kind, id, { stickyHeader });
      else updateDisplaySettings(analystID, { stickyHeader });
    },
    [analystID, kind, id],
  );
  const setShowFilters = useCallback(
    (showFilters: boolean) => {
      if (kind && id) updateViewState(kind, id, { filterListExpanded: showFilters });
      else updateDisplaySettings(analystID, { showFilters });
    },
    [analystID, kind, id],
  );

  return { ...flags, setStickyHeader, setShowFilters };
}
