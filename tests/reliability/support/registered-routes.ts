/*
 * Every route a built Fastify app registers, as method and URL pattern. Fastify keeps no public list,
 * but printRoutes() draws its radix tree; this reads the drawing back (each level indents four
 * characters and a node's text continues its parent's), so a test can hold a table to the app.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean))
      routes.push({ method, url });
  }
  return routes;
}
