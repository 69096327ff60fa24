/* The merge outcomes of spec section 3 in words an analyst acts on (the name is shown beside them). */
import type { MergeOutcomeName } from './reimport-api.ts';

export const OUTCOME_TITLES: Readonly<Record<MergeOutcomeName, string>> = {
  safe: 'Safe to merge',
  no_source_annotations: 'Nothing to carry over',
  has_target_annotations: 'Safe to merge; the stream keeps its own annotations',
  merge_conflict: 'Conflict: annotated events have no match',
  source_markers_have_annotations: 'Conflict: annotated markers have no match',
};

export function outcomeExplanation(outcome: MergeOutcomeName, unmatchedCount: number): string {
  switch (outcome) {
    case 'safe':
      return 'Every annotated event of this stream has its match in the new file; the annotations move to the matching new events.';
    case 'no_source_annotations':
      return 'No event of this stream carries an annotation, so the new file simply replaces its events.';
    case 'has_target_annotations':
      return 'Tags, links or uploads on the stream itself stay on it; every annotated event has its match in the new file.';
    case 'merge_conflict':
      return `${unmatchedCount.toLocaleString()} annotated ${unmatchedCount === 1 ? 'event has' : 'events have'} no match in the new file. Nothing changes until you choose what happens to ${unmatchedCount === 1 ? 'it' : 'them'}.`;
    case 'source_markers_have_annotations':
      return `${unmatchedCount.toLocaleString()} annotated ${unmatchedCount === 1 ? 'marker' : 'markers'} this stream's import made ${unmatchedCount === 1 ? 'has' : 'have'} no match in the new file. Nothing changes until you choose what happens to ${unmatchedCount === 1 ? 'it' : 'them'}.`;
  }
}
