import { join } from 'node:path';
import { projectRoot } from '../../server/project-root.ts';

/** ../shared/fixtures beside the clone (as in CI), or CHURCHKEY_FIXTURES. Never edited. */
export const FIXTURES_DIR = process.env.CHURCHKEY_FIXTURES ?? join(projectRoot(), '..', 'shared', 'fixtures');
