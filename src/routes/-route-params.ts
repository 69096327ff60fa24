/*
 * Path parameter parsers for the file routes. A parser returns `false` for a value that is not
 * valid, which TanStack Router treats as "this route does not match": such a URL matches nothing
 * and the root shows "Invalid URL" (spec section 8) instead of a screen with a broken id.
 */
import {
  isCountType,
  isViewName,
  isVisualizationName,
  type CountType,
  type ViewName,
  type VisualizationName,
} from '../../domain/views.ts';

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** A positive integer id below 2^53 written in plain digits ("7"; not "07", "1e3", "-1" or "0x7"). */
export function parseID(raw: string | undefined): number | undefined {
  if (raw === undefined || !ID_PATTERN.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A comma-separated list of ids ("3,5,8"), each valid and none repeated. */
export function parseIDList(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ids = raw.split(',').map(parseID);
  if (ids.some((id) => id === undefined)) return undefined;
  const valid = ids as number[];
  return new Set(valid).size === valid.length ? valid : undefined;
}

type Parsed<K extends string, V> = { [P in K]: V };
type Raw<K extends string> = { [P in K]: string };

/** params.parse/stringify for a route whose own path has one id parameter. */
export function idParam<K extends string>(name: K) {
  return {
    parse: (raw: Raw<K>): Parsed<K, number> | false => {
      const id = parseID(raw[name]);
      return id === undefined ? false : ({ [name]: id } as Parsed<K, number>);
    },
    stringify: (params: Parsed<K, number>): Raw<K> => ({ [name]: String(params[name]) }) as Raw<K>,
  };
}

export const eventIDsParam = {
  parse: (raw: { eventIDs: string }): { eventIDs: number[] } | false => {
    const eventIDs = parseIDList(raw.eventIDs);
    return eventIDs === undefined ? false : { eventIDs };
  },
  stringify: (params: { eventIDs: number[] }) => ({ eventIDs: params.eventIDs.join(',') }),
};

/** The optional view name segment: absent, or one of the spec's view names. */
export const viewNameParam = {
  parse: (raw: { viewName?: string }): { viewName?: ViewName } | false => {
    if (raw.viewName === undefined || raw.viewName === '') return {};
    return isViewName(raw.viewName) ? { viewName: raw.viewName } : false;
  },
  stringify: (params: { viewName?: ViewName }) => (params.viewName === undefined ? {} : { viewName: params.viewName }),
};

export const visualizationNameParam = {
  parse: (raw: { visualizationName: string }): { visualizationName: VisualizationName } | false =>
    isVisualizationName(raw.visualizationName) ? { visualizationName: raw.visualizationName } : false,
  stringify: (params: { visualizationName: VisualizationName }) => params,
};

export const countTypeParam = {
  parse: (raw: { countType: string }): { countType: CountType } | false =>
    isCountType(raw.countType) ? { countType: raw.countType } : false,
  stringify: (params: { countType: CountType }) => params,
};

/** A tag name as written in the URL (already decoded by the router); empty or overlong names do not match. */
export const incidentTagNameParam = {
  parse: (raw: { incidentTagName: string }): { incidentTagName: string } | false => {
    const name = raw.incidentTagName.trim();
    return name === '' || name.length > 200 ? false : { incidentTagName: name };
  },
  stringify: (params: { incidentTagName: string }) => params,
};

export const AUDIT_TYPES = ['ui', 'data'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const auditTypeParam = {
  parse: (raw: { auditType: string }): { auditType: AuditType } | false =>
    raw.auditType === 'ui' || raw.auditType === 'data' ? { auditType: raw.auditType } : false,
  stringify: (params: { auditType: AuditType }) => params,
};
