/* The route list read from printRoutes() holds exactly the routes registered, nested ones included. */
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registeredRoutes } from './registered-routes.ts';

it('lists every method and full URL pattern of a small app', async () => {
  const app = Fastify();
  const ok = async () => 'ok';
  app.get('/api/incident/:incidentID', ok);
  app.put('/api/incident/:incidentID', ok);
  app.get('/api/incidents', ok);
  app.post('/api/incident/:incidentID/event', ok);
  app.get('/api/incident/:incidentID/events.ndjson', ok);
  app.get('/auth/user', ok);
  await app.ready();
  const listed = registeredRoutes(app)
    .map((route) => `${route.method} ${route.url}`)
    .sort();
  expect(listed).toEqual([
    'GET /api/incident/:incidentID',
    'GET /api/incident/:incidentID/events.ndjson',
    'GET /api/incidents',
    'GET /auth/user',
    'HEAD /api/incident/:incidentID',
    'HEAD /api/incident/:incidentID/events.ndjson',
    'HEAD /api/incidents',
    'HEAD /auth/user',
    'POST /api/incident/:incidentID/event',
    'PUT /api/incident/:incidentID',
  ]);
  await app.close();
});
