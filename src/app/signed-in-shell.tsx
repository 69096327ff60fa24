/*
 * The shell once a user is known: header (logo, breadcrumb, pin, badges, analyst menu), then the
 * analyst picker while no analyst is chosen, else the route; the footer; and the update offer.
 */
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import type { Analyst } from '../../domain/analyst.ts';
import type { User } from '../../domain/user.ts';
import { endEarlySwimlanePicture } from '../data/mirror/swimlane-frame-restore.ts';
import { useOnline } from '../data/use-online.ts';
import { ActingAnalystContext } from '../features/analysts/acting-analyst-context.ts';
import { AnalystPicker } from '../features/analysts/analyst-picker.tsx';
import { useActingAnalystState } from '../features/analysts/use-acting-analyst-state.ts';
import { rememberLastAnalyst } from '../features/settings/settings-store.ts';
import { useDisplaySettings } from '../features/settings/use-settings.ts';
import { useShellFlags } from '../features/settings/use-shell-flags.ts';
import { useColorMode } from '../ui/color-mode.ts';
import { AnalystMenu } from './analyst-menu.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { useRouteContext } from './use-route-context.ts';
import { ViewingAsBadge } from './viewing-as-badge.tsx';

interface SignedInShellProps {
  user: User;
  offline: boolean;
  recheckUser: () => void;
  clearUser: () => void;
  children: ReactNode;
}

export function SignedInShell({ user, offline, recheckUser, clearUser, children }: SignedInShellProps) {
  const acting = useActingAnalystState(user, offline, recheckUser);
  const [settings, updateSettings] = useDisplaySettings(acting.settingsAnalystID);
  useColorMode(settings.colorMode);
  const route = useRouteContext();
  const flags = useShellFlags(acting.settingsAnalystID, route.view);
  const online = useOnline();

  const { selectedID, selected, choose, remember } = acting;
  useEffect(() => {
    if (selectedID !== null) rememberLastAnalyst(selectedID);
  }, [selectedID]);
  // The analyst picker instead of the page: a swimlane painted before React (start-copy-read.ts) goes.
  useLayoutEffect(() => {
    if (selectedID === null) endEarlySwimlanePicture('no analyst chosen');
  }, [selectedID]);

  function created(analyst: Analyst) {
    remember(analyst);
    choose(analyst.id);
  }

  return (
    <ActingAnalystContext.Provider value={acting}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-panel focus:px-3 focus:py-2"
        >
          Skip to main content
        </a>
        <AppHeader
          sticky={flags.stickyHeader}
          onStickyChange={flags.setStickyHeader}
          organizationID={route.organizationID}
          incidentID={route.incidentID}
        >
          {!online || offline ? (
            <span role="status" className="rounded-full border border-line px-2 py-0.5 text-sm text-muted">
              offline
            </span>
          ) : null}
          {selected && selected.id !== user.id ? <ViewingAsBadge name={selected.name} /> : null}
          <AnalystMenu
            acting={acting}
            settings={settings}
            onSettingsChange={updateSettings}
            showFilters={flags.showFilters}
            onShowFiltersChange={flags.setShowFilters}
            clearUser={clearUser}
          />
        </AppHeader>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {selectedID !== null ? (
            children
          ) : (
            <div className="mx-auto w-full max-w-5xl px-4 py-6">
              <AnalystPicker
                user={user}
                analysts={acting.analysts}
                onChoose={choose}
                onCreated={created}
                onRetry={acting.reload}
              />
            </div>
          )}
        </main>
        <AppFooter />
        <UpdatePrompt />
      </div>
    </ActingAnalystContext.Provider>
  );
}
