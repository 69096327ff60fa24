import { useSyncExternalStore } from 'react';
import { getServerVersion, subscribeServerVersion } from '../data/api-client.ts';

const COMMIT_ID_CHARS = 7;
const VENDOR_NAME = import.meta.env.VITE_VENDOR_NAME || 'Churchkey';
const VENDOR_URL = import.meta.env.VITE_VENDOR_URL || '/legal.html#vendor';
const PATENTS_URL = import.meta.env.VITE_PATENTS_URL || '/legal.html#patents';
const linkClass = 'underline-offset-2 hover:text-ink hover:underline';

/** The first 7 characters of a commit id, or dashes when it is unknown. */
function shortCommitID(commitID: string | undefined): string {
  return commitID ? commitID.slice(0, COMMIT_ID_CHARS) : '-'.repeat(COMMIT_ID_CHARS);
}

export function AppFooter() {
  const serverVersion = useSyncExternalStore(subscribeServerVersion, getServerVersion);
  return (
    <footer className="border-t border-line px-4 py-3 text-xs text-muted">
      <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
        <span>
          client <code className="font-mono">{shortCommitID(__APP_VERSION__)}</code>
        </span>
        <span aria-hidden="true">·</span>
        <span>
          server <code className="font-mono">{shortCommitID(serverVersion)}</code>
        </span>
        <span aria-hidden="true">·</span>
        <span>
          © 2018-2024{' '}
          <a className={linkClass} href={VENDOR_URL}>
            {VENDOR_NAME}
          </a>
        </span>
        <span aria-hidden="true">·</span>
        <a className={linkClass} href={PATENTS_URL}>
          Patents
        </a>
      </div>
    </footer>
  );
}
