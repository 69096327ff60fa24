/*
 * What a screen shows when its code or its render fails (the router's default error component): the
 * reason in the analyst's words and a way on, in place of the router's bare "Something went wrong!".
 * The header and the rest of the app stay usable; nothing stored is touched.
 */
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';

/** A chunk of the app's code that could not be fetched (offline and never cached, or a deploy moved it). */
function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|preload CSS|Unable to preload/i.test(message);
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const missingCode = isMissingCode(error);
  const reason = missingCode
    ? navigator.onLine
      ? 'Part of the app could not be fetched; a newer version may have been installed on the server.'
      : 'Part of the app is not on this device yet and the network is not reachable.'
    : `Something in this screen failed: ${error instanceof Error ? error.message : String(error)}`;
  return (
    <Page title="This screen could not be shown">
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{reason}</p>
        <div className="flex gap-2">
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
          {missingCode ? null : <Button onClick={reset}>Try again</Button>}
        </div>
      </div>
    </Page>
  );
}
