/*
 * The gate of spec sections 2 and 4: "Loading …" until the signed-in user and the stored
 * configuration are known (no user: the sign-in page), then the header, and either the analyst
 * picker or the app, then the footer. The acting analyst is provided to every screen below.
 */
import { useState, type ReactNode } from 'react';
import { cachedSignedInUser } from '../data/session-cache.ts';
import { useSignedInUser } from '../features/auth/use-signed-in-user.ts';
import { displaySettingsFor } from '../features/settings/persisted-root.ts';
import { usePersistedRoot, useSettingsReady } from '../features/settings/use-settings.ts';
import { Button } from '../ui/button.tsx';
import { useColorMode } from '../ui/color-mode.ts';
import { SignedInShell } from './signed-in-shell.tsx';

export function AppShell({ children }: { children: ReactNode }) {
  const settingsReady = useSettingsReady();
  const { state, reload, clear } = useSignedInUser();
  // While the first check runs, the user last signed in here stands in, as it does offline: a reopen mounts its
  // page from what this device holds instead of waiting for GET /auth/user (issue 20). The server still
  // checks every request; the check's answer replaces the stand-in, a 401 sends to the sign-in page, and a
  // different user remounts the shell (its key), so nothing chosen for the stand-in carries over.
  const [standIn, setStandIn] = useState(cachedSignedInUser);
  if (standIn && state.status !== 'loading') setStandIn(undefined);
  const shown =
    state.status === 'loading' && standIn
      ? { user: standIn, offline: false }
      : state.status === 'signed-in'
        ? state
        : undefined;
  if (shown && settingsReady) {
    return (
      <SignedInShell
        key={shown.user.id}
        user={shown.user}
        offline={shown.offline}
        recheckUser={reload}
        clearUser={clear}
      >
        {children}
      </SignedInShell>
    );
  }
  return <Gate failed={state.status === 'failed'} onRetry={reload} />;
}

function Gate({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  // Who acted here last decides the colours until the user is known, so a dark theme does not flash light.
  const root = usePersistedRoot();
  useColorMode(displaySettingsFor(root, root.lastAnalystID).colorMode);
  return (
    <main className="grid min-h-screen place-items-center p-4">
      {failed ? (
        <div role="alert" className="flex flex-col items-center gap-2">
          <p>The signed-in user could not be checked.</p>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      ) : (
        <p role="status" className="text-muted">
          Loading …
        </p>
      )}
    </main>
  );
}
