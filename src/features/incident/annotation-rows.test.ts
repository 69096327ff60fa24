import { describe, expect, it } from 'vitest';
import { annotationRows, filterAnnotationRows } from './annotation-rows.ts';
import type { EventRow, IncidentData } from './incident-data.ts';

const data = {
  incident: { incidentTags: ['sev1'] },
  collections: [
    {
      id: 1,
      incidentID: 9,
      name: 'Timeline of the failover',
      isAnalyst: true,
      isThread: false,
      threadEventID: null,
      eventIDs: [3, 4],
      analystID: 2,
    },
  ],
  notes: [
    {
      id: 5,
      incidentID: 9,
      eventID: 3,
      kind: 'interview',
      text: 'Marcus saw the disk alarm',
      analystID: 2,
      analystName: 'Ada',
      createTimestamp: 0,
      updateTimestamp: 0,
    },
    {
      id: 6,
      incidentID: 9,
      eventID: null,
      kind: 'write-up',
      text: 'Summary',
      analystID: 2,
      analystName: 'Ada',
      createTimestamp: 0,
      updateTimestamp: 0,
    },
  ],
  eventTags: [{ itemID: 3, name: 'root-cause', analystID: null }],
  streamTags: [{ itemID: 1, name: 'automated', analystID: null }],
  links: [
    {
      id: 7,
      incidentID: 9,
      eventID: null,
      streamID: null,
      url: 'https://grafana.example.com/d/1',
      urlType: 'grafana',
      title: 'Disk dashboard',
      analystID: 2,
      createTimestamp: 0,
    },
  ],
  uploads: [],
  maps: [],
  relatedIncidents: [],
} as unknown as IncidentData;
const events = [
  {
    id: 8,
    streamID: 2,
    actorID: 0,
    isMarker: true,
    message: 'Failover',
    startTimestamp: 1,
    endTimestamp: 1,
    extra: null,
  },
] as EventRow[];

describe('annotationRows', () => {
  it('lists every annotation with its type', () => {
    const types = annotationRows(data, events).map((row) => row.type);
    expect(types).toEqual([
      'event_collection',
      'event_note',
      'incident_note',
      'event_tag',
      'stream_tag',
      'incident_tag',
      'incident_link',
      'marker',
    ]);
  });

  it('filters by type and by words in the text and detail', () => {
    const rows = annotationRows(data, events);
    expect(filterAnnotationRows(rows, 'event_note', '').map((row) => row.text)).toEqual(['Marcus saw the disk alarm']);
    expect(filterAnnotationRows(rows, 'all', 'DISK').map((row) => row.key)).toEqual(['note 5', 'link 7']);
    expect(filterAnnotationRows(rows, 'all', 'grafana dashboard').map((row) => row.key)).toEqual(['link 7']);
  });
});
