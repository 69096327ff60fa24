/*
 * The path parameters many routes share, each one id as the URL spells it (digits only), so a route
 * names which item its path is about rather than spelling the schema again.
 */
import { z } from 'zod';
import { PathIdSchema } from '../../domain/ids.ts';

export const IncidentParams = z.object({ incidentID: PathIdSchema });
export const OrganizationParams = z.object({ organizationID: PathIdSchema });
export const EventParams = z.object({ eventID: PathIdSchema });
export const StreamParams = z.object({ streamID: PathIdSchema });
