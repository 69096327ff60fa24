/*
 * 'zod' as the browser build sees it (vite.config.ts aliases the bare import here): zod told not to
 * compile parsers with `new Function` before any schema exists. Zod probes for eval as each object
 * schema is made, and under the app's Content-Security-Policy (script-src without 'unsafe-eval')
 * that caught probe is still reported as a violation, on every page load and in the parser workers.
 * Jitless parsing gives the same answers. The server keeps zod's compiled parsers.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
