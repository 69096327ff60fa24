/*
 * The access matrix covers exactly the routes each sign-in mode registers, and every row has its
 * request: checked by the fast server suite (access-matrix-complete) and by the reliability suite
 * before it sends the rows.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ACCESS_MATRIX, matrixGaps, rowKey } from '../access-matrix.ts';
import { MATRIX_REQUESTS } from '../access-requests.ts';
import { registeredRoutes } from './registered-routes.ts';

export function expectMatrixCoversRoutes(apps: readonly (readonly ['local' | 'oidc', FastifyInstance])[]): void {
  for (const [mode, app] of apps) {
    const registered = registeredRoutes(app)
      .filter((route) => route.method !== 'HEAD' && (route.url.startsWith('/api/') || route.url.startsWith('/auth/')))
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(50);
    const { untabled, unregistered } = matrixGaps(registered, mode);
    expect(untabled, `routes of AUTH_MODE=${mode} missing from access-matrix.ts`).toEqual([]);
    expect(unregistered, `rows of access-matrix.ts for routes AUTH_MODE=${mode} does not register`).toEqual([]);
  }
  expect(
    ACCESS_MATRIX.map(rowKey).filter((key) => !MATRIX_REQUESTS[key]),
    'rows without a request in access-requests.ts',
  ).toEqual([]);
  expect(
    Object.keys(MATRIX_REQUESTS).filter((key) => !ACCESS_MATRIX.some((row) => rowKey(row) === key)),
    'requests without a row',
  ).toEqual([]);
}
