/*
 * The symbol a marker is drawn with (spec section 3: circle, airplane, rocket), kept in the marker's
 * `extra` as {"symbol": …}. Its own call because markers are created by POST …/marker, whose body
 * the screens' issue may not change; only markers take a symbol.
 */
import { z } from 'zod';
import { SYMBOLS } from '../../../domain/annotations.ts';
import type { AppContext } from '../../app-context.ts';
import { invalid } from '../../http-error.ts';
import { setMarkerSymbol } from '../../repositories/marker-symbols-repository.ts';
import { answer, auditedItemWrite } from '../audited-write.ts';
import { EventParams } from '../path-params.ts';
import { type ApiRoutes, apiErrors, routeOptions } from '../route-options.ts';

const errors = apiErrors(400, 401, 403, 404);

export function markerSymbolRoutes(routes: ApiRoutes, { db }: AppContext): void {
  routes.put(
    '/api/event/:eventID/symbol',
    routeOptions('write', {
      summary: "Sets the symbol a marker is drawn with (circle, airplane, rocket); kept in the marker's extra",
      tags: ['events'],
      params: EventParams,
      body: z.object({ symbol: z.enum(SYMBOLS, { error: `must be one of ${SYMBOLS.join(', ')}` }) }).strict(),
      response: { 200: answer({ event: z.object({ id: z.number().int(), symbol: z.enum(SYMBOLS) }) }), ...errors },
    }),
    async (request) => {
      const { symbol } = request.body;
      const eventID = request.params.eventID;
      await auditedItemWrite(db, request, 'events', eventID, async ({ tx, ref, auditItem }) => {
        if (!(await setMarkerSymbol(tx, ref.id, eventID, symbol)))
          throw invalid('eventID', 'is not a marker; only markers take a symbol');
        await auditItem('set marker symbol', { incidentID: ref.id, symbol });
      });
      return { event: { id: eventID, symbol } };
    },
  );
}
