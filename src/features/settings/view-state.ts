/*
 * What the browser keeps per incident and per organization (spec section 4): one record each,
 * every listed field typed, each falling back to its default alone when stored data is damaged.
 * `stickyHeader` and `filterListExpanded` are overrides: absent, the analyst's setting applies.
 */
import { z } from 'zod';

const Ids = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).catch([]);
const Micros = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const Interval = z.object({ start: Micros, end: Micros }).refine((interval) => interval.start <= interval.end);

/** h highlights, i ignores, r requires (spec section 4). */
const FILTER_MODES = ['h', 'i', 'r'] as const;

/** Visibility by id or name: absent means visible. */
const Visibility = z.record(z.string(), z.boolean()).catch({});
const FilterModes = z.record(z.string(), z.enum(FILTER_MODES)).catch({});

const CameraPositionSchema = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  heading: z.number(),
  pitch: z.number(),
  roll: z.number(),
});

const Y_AXIS_TIME_FORMATS = ['absolute', 'elapsed'] as const;

const ViewStateSchema = z.object({
  hiddenActorLanes: Ids,
  actorColumnOrder: Ids,
  selectedEventIDs: Ids,
  collectionVisibility: Visibility,
  streamVisibility: Visibility,
  tagVisibility: Visibility,
  incidentMapVisibility: Visibility,
  incidentTagVisibility: Visibility,
  collectionFilterModes: FilterModes,
  noteFilterModes: FilterModes,
  tagFilterModes: FilterModes,
  searchTerm: z.string().max(500).catch(''),
  filterListExpanded: z.boolean().optional().catch(undefined),
  stickyHeader: z.boolean().optional().catch(undefined),
  timeInterval: Interval.nullable().catch(null),
  markersVisible: z.boolean().catch(true),
  hiddenMarkerEventIDs: Ids,
  minimapVisible: z.boolean().catch(true),
  minimapYAxisVisible: z.boolean().catch(true),
  minimapLimitedToVisibleStreams: z.boolean().catch(false),
  swimlaneYAxisVisible: z.boolean().catch(true),
  swimlaneHeightLimited: z.boolean().catch(true),
  yAxisTimeFormat: z.enum(Y_AXIS_TIME_FORMATS).catch('absolute'),
  /** The event whose reply thread is open inline in the swimlane. */
  inlineReplyThreadEventID: z.number().int().positive().nullable().catch(null),
  /** Where a swimlane column was last dropped, in pixels from the left edge. */
  swimlaneColumnDragPositionPx: z.number().finite().nullable().catch(null),
  cameraPosition: CameraPositionSchema.nullable().catch(null),
  secondaryTimeWindow: Interval.nullable().catch(null),
  groupSwimlaneEvents: z.boolean().catch(false),
  selectedOrganizationActorIDs: Ids,
});
export type ViewState = z.infer<typeof ViewStateSchema>;

export const DEFAULT_VIEW_STATE: ViewState = Object.freeze(ViewStateSchema.parse({}));

/** A stored record, or the defaults for what is missing or wrong; undefined when it is no record at all. */
export function parseViewState(raw: unknown): ViewState | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const parsed = ViewStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
