/* The e2e tests run the built app and server; fail early, with the fix, when they are missing. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, SERVER_ENTRY } from './start-server.ts';

export default function globalSetup(): void {
  const missing = [SERVER_ENTRY, join(PROJECT_ROOT, 'dist/index.html')].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`Missing ${missing.join(' and ')}: run \`npm run build\` first (\`npm run test:e2e\` does both).`);
  }
}
