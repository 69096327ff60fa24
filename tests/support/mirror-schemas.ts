/*
 * The mirror's tables as shipped schemas 5 and 6 declared them, for the tests that open a device's
 * database at an old version and check what the current MirrorDatabase makes of it. Only imported
 * by *.test.ts; src/data/mirror/mirror-database.ts holds the version chain itself.
 */
import { MIRROR_SCHEMA_V1 } from '../../src/data/mirror/mirror-database.ts';

export const MIRROR_SCHEMA_V5 = {
  ...MIRROR_SCHEMA_V1,
  outbox: '++seq, &id',
  mapPointPages: '[mapID+page], mapID, incidentID',
  mapPointSync: 'mapID, incidentID',
  eventSnapshots: 'incidentID',
  eventChunks: '[incidentID+chunk], incidentID',
  eventChunkKeys: '[incidentID+chunk], incidentID',
};

export const MIRROR_SCHEMA_V6 = { ...MIRROR_SCHEMA_V5, eventChunkTexts: '[incidentID+chunk], incidentID' };
