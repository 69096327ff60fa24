/*
 * The gate of spec sections 2 and 4: "Loading …" until the signed-in user is known (no user: the
 * sign-in page), then the header, and either the analyst picker or the app, then the footer.
 */
import { useEffect, type ReactNode } from 'react';
import type { Analyst } from '../../domain/analyst.ts';
import type { User } from '../../domain/user.ts';
import { AnalystPicker } from '../features/analysts/analyst-picker.tsx';
import { useAnalysts } from '../features/analysts/use-analysts.ts';
import { useSelectedAnalyst } from '../features/analysts/use-selected-analyst.ts';
import { useSignedInUser } from '../features/auth/use-signed-in-user.ts';
import { Button } from '../ui/button.tsx';
import { useColorMode } from '../ui/color-mode.ts';
import { AnalystMenu } from './analyst-menu.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';

export function AppShell({ children }: { children: ReactNode }) {
  useColorMode('auto');
  const { state, reload } = useSignedInUser();
  if (state.status === 'signed-in') {
    return (
      <SignedInShell user={state.user} recheckUser={reload}>
        {children}
      </SignedInShell>
    );
  }
  return (
    <main className="grid min-h-screen place-items-center p-4">
      {state.status === 'failed' ? (
        <div role="alert" className="flex flex-col items-center gap-2">
          <p>The signed-in user could not be checked.</p>
          <Button onClick={reload}>Try again</Button>
        </div>
      ) : (
        <p role="status" className="text-muted">
          Loading …
        </p>
      )}
    </main>
  );
}

function SignedInShell({ user, recheckUser, children }: { user: User; recheckUser: () => void; children: ReactNode }) {
  const [selectedID, choose] = useSelectedAnalyst(user.id);
  const { state: analysts, reload, remember } = useAnalysts();

  // A stored choice the user may no longer act as (revoked, deleted) is dropped: back to the picker.
  const loadedAnalysts = analysts.status === 'loaded' ? analysts.analysts : undefined;
  const selected = loadedAnalysts?.find((analyst) => analyst.id === selectedID && analyst.canActAs);
  const staleChoice = selectedID !== null && ((loadedAnalysts !== undefined && !selected) || (analysts.status === 'failed' && analysts.httpStatus === 403));
  useEffect(() => {
    if (!staleChoice) return;
    choose(null);
    reload();
  }, [staleChoice, choose, reload]);

  // The session ended meanwhile (expired, signed out elsewhere): checking the user again leads to sign-in.
  const signedOut = analysts.status === 'failed' && analysts.httpStatus === 401;
  useEffect(() => {
    if (signedOut) recheckUser();
  }, [signedOut, recheckUser]);

  function created(analyst: Analyst) {
    // Known before the reload answers, so the new choice is not mistaken for a stale one.
    remember(analyst);
    choose(analyst.id);
    reload();
  }

  const showApp = selectedID !== null && !staleChoice;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-panel focus:px-3 focus:py-2"
      >
        Skip to main content
      </a>
      <AppHeader>
        <AnalystMenu user={user} analystName={selected?.name} loading={analysts.status === 'loading'} />
      </AppHeader>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {showApp ? (
          children
        ) : (
          <div className="mx-auto w-full max-w-5xl px-4 py-6">
            <AnalystPicker user={user} analysts={analysts} onChoose={choose} onCreated={created} onRetry={reload} />
          </div>
        )}
      </main>
      <AppFooter />
    </div>
  );
}
