/*
 * The persisted configuration in memory: restored once at start (at most RESTORE_TIMEOUT_MS), then
 * every change is applied here and written back to storage. Components read it through the hooks
 * in use-settings.ts. Another tab's changes arrive through the storage event and are applied here.
 */
import { readPersisted, subscribePersisted, writePersisted } from '../../data/persisted-state.ts';
import type { DisplaySettings } from './display-settings.ts';
import {
  EMPTY_ROOT,
  parsePersistedRoot,
  PERSIST_KEY,
  resetRoot,
  RESTORE_TIMEOUT_MS,
  withDisplaySettings,
  withLastAnalyst,
  withViewState,
  type PersistedRoot,
  type ViewKind,
} from './persisted-root.ts';
import { restoreWithTimeout } from './restore-with-timeout.ts';
import type { ViewState } from './view-state.ts';

interface SettingsSnapshot {
  status: 'restoring' | 'ready';
  root: PersistedRoot;
}

let snapshot: SettingsSnapshot = { status: 'restoring', root: EMPTY_ROOT };
const listeners = new Set<() => void>();
let restoring: Promise<PersistedRoot> | undefined;

function publish(next: SettingsSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

// Changes made before the stored configuration is restored, replayed on top of it once it is.
const changesWhileRestoring: Array<(root: PersistedRoot) => PersistedRoot> = [];

function change(transform: (root: PersistedRoot) => PersistedRoot): void {
  if (snapshot.status === 'restoring') {
    changesWhileRestoring.push(transform);
    publish({ ...snapshot, root: transform(snapshot.root) });
    return;
  }
  const root = transform(snapshot.root);
  if (root === snapshot.root) return;
  writePersisted(PERSIST_KEY, root);
  publish({ ...snapshot, root });
}

export function getSettingsSnapshot(): SettingsSnapshot {
  return snapshot;
}

export function subscribeSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Restores the stored configuration once; later calls share the first restore. */
export function restoreSettings(): Promise<PersistedRoot> {
  restoring ??= (async () => {
    const { value, outcome } = await restoreWithTimeout(
      async () => parsePersistedRoot(await readPersisted(PERSIST_KEY)),
      EMPTY_ROOT,
      RESTORE_TIMEOUT_MS,
    );
    if (outcome === 'timed-out')
      console.warn(`the stored configuration was not restored within ${RESTORE_TIMEOUT_MS} ms; using defaults`);
    // NOTE: the header can be clicked in the moment between choosing an analyst and this restore.
    const root = changesWhileRestoring.splice(0).reduce((current, transform) => transform(current), value);
    if (root !== value) writePersisted(PERSIST_KEY, root);
    publish({ status: 'ready', root });
    subscribePersisted(PERSIST_KEY, (raw) => publish({ ...snapshot, root: parsePersistedRoot(raw) }));
    return root;
  })();
  return restoring;
}

export function updateDisplaySettings(analystID: number, patch: Partial<DisplaySettings>): void {
  change((root) => withDisplaySettings(root, analystID, patch));
}

export function updateViewState(kind: ViewKind, id: number, patch: Partial<ViewState>): void {
  change((root) => withViewState(root, kind, id, patch));
}

export function rememberLastAnalyst(analystID: number): void {
  change((root) => withLastAnalyst(root, analystID));
}

/** "Reset configuration": every display setting and view state back to its default. */
export function resetConfiguration(): void {
  change((root) => resetRoot(root));
}
