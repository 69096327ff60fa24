/*
 * The gate of spec sections 2 and 4: "Loading …" until the signed-in user and the stored
 * configuration are known (no user: the sign-in page), then the header, and either the analyst
 * picker or the app, then the footer. The acting analyst is provided to every screen below.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import type { User } from '../../domain/user.ts';
import { endEarlySwimlanePicture } from '../data/mirror/swimlane-frame-restore.ts';
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
  // checks every request; the check's answer replaces the stand-in (the same object when it is the same
  // user, so the page does not render again for it), a 401 sends to the sign-in page, and a different user
  // remounts the shell (its key), so nothing chosen for the stand-in carries over.
  const [standIn] = useState(cachedSignedInUser);
  const [checked, setChecked] = useState(false);
  if (!checked && state.status !== 'loading') setChecked(true);
  const shown =
    state.status === 'signed-in'
      ? { user: standIn && sameUser(standIn, state.user) ? standIn : state.user, offline: state.offline }
      : state.status === 'loading' && standIn && !checked
        ? { user: standIn, offline: false }
        : undefined;
  // No user after all (the sign-in page, or the check failed): a swimlane painted before React goes.
  const noUser = !shown && state.status !== 'loading';
  useLayoutEffect(() => {
    if (noUser) endEarlySwimlanePicture('no signed-in user');
  }, [noUser]);
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

const sameUser = (a: User, b: User) => JSON.stringify(a) === JSON.stringify(b);

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
