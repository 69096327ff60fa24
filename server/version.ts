import { execFileSync } from 'node:child_process';
import { projectRoot } from './project-root.ts';

/** The commit the server runs: CHURCHKEY_VERSION, else git's HEAD, else "unknown". */
export function serverVersion(configured: string | undefined): string {
  if (configured) return configured;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: projectRoot(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return head.toString().trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}
