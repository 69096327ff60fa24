/*
 * The router. AppShell is its InnerWrap: it renders inside the router (so the header can use
 * <Link>) yet outside every route, because until a user and an analyst exist no route renders.
 * notFoundMode 'root': an unknown address shows "Invalid URL" alone, not inside a half-matched screen.
 * A screen whose code or render fails shows RouteError (route-error.tsx) in its place.
 */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { AppShell } from './app-shell.tsx';
import { RouteError } from './route-error.tsx';

export const router = createRouter({
  routeTree,
  InnerWrap: AppShell,
  defaultPreload: 'intent',
  scrollRestoration: true,
  notFoundMode: 'root',
  defaultErrorComponent: RouteError,
  // The spec's event-group route lists ids with commas (event-group/3,4,9): written as they are.
  pathParamsAllowedCharacters: [','],
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
