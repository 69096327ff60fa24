/*
 * A first guess at which column or field holds the start time, end time, actor and message, from
 * names alone. Names are compared lower-cased with everything but letters and digits removed
 * ("User Principle Name" → "userprinciplename", "id.orig_h" → "idorigh"); earlier names win.
 */
import type { ColumnMapping } from './delimited-record.ts';

const NAMES = {
  startTime: [
    'starttime',
    'startedat',
    'start',
    'startdatetime',
    'timestamp',
    'datetime',
    'datetimeutc',
    'date',
    'time',
    'ts',
    'eventtime',
    'utc',
    'created',
    'createdat',
  ],
  endTime: ['endtime', 'endedat', 'end', 'enddatetime', 'stoptime', 'stop', 'finishedat'],
  actor: [
    'actor',
    // Okta's System Log flattened to columns (actor.alternateId is the login, actor.displayName the name).
    'actoralternateid',
    'actordisplayname',
    'user',
    'username',
    'userprinciplename',
    'userprincipalname',
    'author',
    'nick',
    'nickname',
    'sender',
    'from',
    'callsign',
    'host',
    'hostname',
    'computername',
    'computer',
    'idorigh',
    'source',
    'src',
    'sourceip',
    'srcip',
    'ipaddress',
    'clientip',
    'accountname',
    'account',
    'principal',
    'srcaddr',
    'sourceaddress',
    'clientaddress',
    'remoteaddr',
    'remoteip',
    'remotehost',
    'cip',
    // Microsoft 365 audit log exports: UserIds (Purview's classic export) or UserId.
    'userids',
    'userid',
  ],
  message: [
    'message',
    'msg',
    'description',
    'text',
    'summary',
    'details',
    'event',
    'eventname',
    'action',
    'activity',
    'note',
    'body',
    // EvtxECmd (KAPE): what the event means, from its maps ("Successful logon").
    'mapdescription',
  ],
} as const;
type Role = keyof typeof NAMES;
const ROLES = Object.keys(NAMES) as Role[];

export const normalizeName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Indexes into `columns` by role; a role no column name fits is left out. */
export function suggestColumnMapping(columns: readonly string[]): Partial<ColumnMapping> {
  const mapping: { -readonly [R in Role]?: number } = {};
  const taken = new Set<number>();
  for (const role of ROLES) {
    const index = bestMatch(columns, NAMES[role], taken);
    if (index !== undefined) {
      mapping[role] = index;
      taken.add(index);
    }
  }
  return mapping;
}

function bestMatch(
  columns: readonly string[],
  names: readonly string[],
  taken: ReadonlySet<number>,
): number | undefined {
  const normalized = columns.map(normalizeName);
  for (const name of names) {
    const index = normalized.findIndex((column, at) => column === name && !taken.has(at));
    if (index !== -1) return index;
  }
  return undefined;
}
