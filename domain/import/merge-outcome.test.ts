import { describe, expect, it } from 'vitest';
import { conflictMessage, mergeOutcome, needsResolution } from './merge-outcome.ts';

const event = (matched: boolean, isMarker = false) => ({ matched, isMarker });

describe('mergeOutcome', () => {
  it('is no_source_annotations when neither the events nor the stream carry annotations', () => {
    expect(mergeOutcome({ annotatedEvents: [], streamHasAnnotations: false })).toBe('no_source_annotations');
  });

  it('is safe when every annotated event and marker has its match', () => {
    expect(mergeOutcome({ annotatedEvents: [event(true), event(true, true)], streamHasAnnotations: false })).toBe(
      'safe',
    );
  });

  it('is has_target_annotations when the stream carries annotations and nothing conflicts', () => {
    expect(mergeOutcome({ annotatedEvents: [], streamHasAnnotations: true })).toBe('has_target_annotations');
    expect(mergeOutcome({ annotatedEvents: [event(true)], streamHasAnnotations: true })).toBe('has_target_annotations');
  });

  it('is merge_conflict when an annotated event has no match, before any marker conflict', () => {
    expect(mergeOutcome({ annotatedEvents: [event(true), event(false)], streamHasAnnotations: false })).toBe(
      'merge_conflict',
    );
    expect(mergeOutcome({ annotatedEvents: [event(false, true), event(false)], streamHasAnnotations: true })).toBe(
      'merge_conflict',
    );
  });

  it('is source_markers_have_annotations when only annotated markers are unmatched', () => {
    expect(mergeOutcome({ annotatedEvents: [event(true), event(false, true)], streamHasAnnotations: true })).toBe(
      'source_markers_have_annotations',
    );
  });
});

describe('needsResolution and conflictMessage', () => {
  it('asks for a resolution on the two conflicts only', () => {
    expect(
      [
        'safe',
        'no_source_annotations',
        'has_target_annotations',
        'merge_conflict',
        'source_markers_have_annotations',
      ].filter((outcome) => needsResolution(outcome as never)),
    ).toEqual(['merge_conflict', 'source_markers_have_annotations']);
  });

  it('counts what is unmatched in the message', () => {
    expect(conflictMessage('merge_conflict', 1)).toMatch(/^1 annotated event of this stream has no match/);
    expect(conflictMessage('source_markers_have_annotations', 3)).toMatch(
      /^3 annotated markers of this stream have no match/,
    );
  });
});
