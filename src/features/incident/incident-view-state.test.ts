import { describe, expect, it } from 'vitest';
import { eventFilterOf, withMode, type IncidentViewState } from './incident-view-state.ts';

const state: IncidentViewState = {
  hiddenActorLanes: [4],
  selectedEventIDs: [],
  collectionVisibility: { '7': false },
  streamVisibility: { '2': false, '3': true },
  tagVisibility: { 'root-cause': true, hidden: false },
  incidentMapVisibility: {},
  collectionFilterModes: { '7': 'r', '8': 'h' },
  noteFilterModes: { interview: 'i' },
  tagFilterModes: { 'root-cause': 'r', hidden: 'r' },
  searchTerm: 'disk',
  timeInterval: null,
  markersVisible: true,
  hiddenMarkerEventIDs: [9],
};

describe('eventFilterOf', () => {
  it('hides the streams and actors switched off', () => {
    const filter = eventFilterOf(state);
    expect([...filter.hiddenStreamIDs]).toEqual([2]);
    expect([...filter.hiddenActorIDs]).toEqual([4]);
    expect([...filter.hiddenMarkerEventIDs]).toEqual([9]);
  });

  it('drops the filter modes of hidden collections and tags', () => {
    const filter = eventFilterOf(state);
    expect([...filter.collectionModes]).toEqual([[8, 'h']]);
    expect([...filter.tagModes]).toEqual([['root-cause', 'r']]);
    expect([...filter.noteKindModes]).toEqual([['interview', 'i']]);
  });
});

describe('withMode', () => {
  it('sets and clears a mode without touching the others', () => {
    expect(withMode({ a: 'h' }, 'b', 'r')).toEqual({ a: 'h', b: 'r' });
    expect(withMode({ a: 'h', b: 'r' }, 'a', undefined)).toEqual({ b: 'r' });
  });
});
