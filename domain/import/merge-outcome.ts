/*
 * Re-importing an updated file into an existing stream (issue 5 part 6): which of the spec's
 * "Annotation merge outcomes" applies, decided before anything changes. Definitions, binding for
 * the server (server/import/reimport-stream.ts, server/repositories/merge-repository.ts):
 *
 * - source: the events the stream derives from its file now — its events that came from a file
 *   (they have a source line; events an analyst added by hand are not the file's and stay untouched)
 *   and the markers its import put in the marker stream (HAR pages; events.import_stream_id).
 * - target: the valid records of the new file.
 * - match key: raw start time (stored start minus the stream's clock offset, so a shifted stream
 *   still matches its own file), actor name ('' for none and for markers), message, and whether it
 *   is a marker. Source and target events with the same key pair up in order (source by source
 *   line then id, target by line): the 2nd source event of a key matches the 2nd target of that key.
 *   A renamed actor therefore unmatches its events; the check shows them, nothing is lost.
 * - an annotation of an event: an event tag, membership of a collection, being a reply thread's
 *   event, a note, a link or an upload on it. Stream annotations: stream tags, links and uploads on
 *   the stream itself (not its system uploads); they stay on the stream whatever happens.
 *
 * Outcomes, first that applies:
 * - merge_conflict: an annotated source event (not a marker) has no match;
 * - source_markers_have_annotations: an annotated source marker has no match;
 * - no_source_annotations: no source event and not the stream carries an annotation (plain replace);
 * - has_target_annotations: the stream itself carries annotations, which stay on it; otherwise safe;
 * - safe: every annotated source event has its match, and its annotations move there.
 *
 * The two conflicts need a resolution: keep_unmatched keeps the unmatched annotated source events
 * beside the new ones; detach_unmatched moves their annotations off them (tags onto the stream,
 * notes, links and uploads to the stream and incident, a reply thread becomes a plain collection)
 * and deletes them. Their collection memberships end with them and are listed in the audit row.
 */
import type { MERGE_OUTCOMES } from '../annotations.ts';

export type MergeOutcome = (typeof MERGE_OUTCOMES)[number];

export const MERGE_RESOLUTIONS = ['keep_unmatched', 'detach_unmatched'] as const;
export type MergeResolution = (typeof MERGE_RESOLUTIONS)[number];

interface AnnotatedSourceEvent {
  readonly isMarker: boolean;
  /** Has a target event with the same match key and rank. */
  readonly matched: boolean;
}

interface MergeFacts {
  /** Only the source events that carry at least one annotation. */
  readonly annotatedEvents: readonly AnnotatedSourceEvent[];
  readonly streamHasAnnotations: boolean;
}

export function mergeOutcome(facts: MergeFacts): MergeOutcome {
  const unmatched = facts.annotatedEvents.filter((event) => !event.matched);
  if (unmatched.some((event) => !event.isMarker)) return 'merge_conflict';
  if (unmatched.length > 0) return 'source_markers_have_annotations';
  if (facts.annotatedEvents.length === 0 && !facts.streamHasAnnotations) return 'no_source_annotations';
  if (facts.streamHasAnnotations) return 'has_target_annotations';
  return 'safe';
}

/** The outcomes that change nothing until the analyst picks a resolution. */
export function needsResolution(
  outcome: MergeOutcome,
): outcome is 'merge_conflict' | 'source_markers_have_annotations' {
  return outcome === 'merge_conflict' || outcome === 'source_markers_have_annotations';
}

/** Why a re-import waits for a resolution, in words an analyst can act on. */
export function conflictMessage(
  outcome: 'merge_conflict' | 'source_markers_have_annotations',
  unmatchedCount: number,
): string {
  const what = outcome === 'merge_conflict' ? 'annotated events' : 'annotated markers';
  const count = `${unmatchedCount} ${unmatchedCount === 1 ? what.replace(/s$/, '') : what}`;
  return `${count} of this stream ${unmatchedCount === 1 ? 'has' : 'have'} no match in the new file: choose a resolution (keep_unmatched keeps them in the stream, detach_unmatched moves their annotations to the stream and deletes them)`;
}
