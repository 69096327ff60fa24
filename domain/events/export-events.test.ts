/*
 * Every export format read back by the importers (domain/import) as an analyst would: format
 * detected from the bytes and the file name, settings from the detection, then parsed.
 */
import { describe, expect, it } from 'vitest';
import { importDetected } from '../../tests/support/import-detected.ts';
import { csvField, exportEvents, type ExportEvent, type ExportFormat } from './export-events.ts';

const events: ExportEvent[] = [
  {
    startTimestamp: 1_710_252_112_123_456,
    endTimestamp: 1_710_252_112_123_456,
    actorName: 'alertmanager',
    streamName: 'Alerts',
    message: 'FIRING [critical] 5xx=12.4%, "checkout"',
    isMarker: false,
    tags: ['customer-impact'],
  },
  {
    startTimestamp: 1_710_252_210_000_001,
    endTimestamp: 1_710_252_248_000_001,
    actorName: 'Marcus Chen',
    streamName: 'db shell',
    message: 'patronictl failover\nsecond line',
    isMarker: false,
    tags: ['mitigation', 'decision'],
  },
  {
    startTimestamp: 1_710_252_300_000_000,
    endTimestamp: 1_710_252_300_000_000,
    actorName: 'Élena Sokolova',
    streamName: 'chat',
    message: 'ack, looking ✓',
    isMarker: false,
    tags: [],
  },
];

async function readBack(format: ExportFormat) {
  const file = exportEvents(format, events);
  const { detection, ...collected } = await importDetected(file.text, `orders-failover.${file.extension}`);
  return { detection, collected };
}

describe('exported events read back by the importers', () => {
  for (const [format, detected] of [
    ['csv', 'delimited'],
    ['jsonl', 'jsonl'],
    ['timesketch-csv', 'timesketch-csv'],
  ] as const) {
    it(`${format}: every event, to the microsecond, with actor and message`, async () => {
      const { detection, collected } = await readBack(format);
      expect(detection.format).toBe(detected);
      expect(collected.invalid).toEqual([]);
      expect(collected.records.map((record) => [record.startMicros, record.actor, record.message])).toEqual(
        events.map((event) => [event.startTimestamp, event.actorName, event.message]),
      );
      if (format !== 'timesketch-csv')
        expect(collected.records.map((record) => record.endMicros)).toEqual(events.map((event) => event.endTimestamp));
    });
  }
});

describe('csvField', () => {
  it('quotes only what needs quoting', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});

describe('a few exported events, a marker among them, read back', () => {
  it('keeps the actor column as the actor although each actor appears once and most rows are markers with none', async () => {
    const few: ExportEvent[] = [
      {
        startTimestamp: 1_710_252_231_000_000,
        endTimestamp: 1_710_252_231_000_000,
        actorName: '',
        streamName: 'Markers',
        message: 'Customer impact starts',
        isMarker: true,
        tags: [],
      },
      {
        startTimestamp: 1_710_252_730_000_000,
        endTimestamp: 1_710_252_731_000_000,
        actorName: 'Marcus Chen',
        streamName: 'db shell',
        message: 'dmesg -T | tail -3',
        isMarker: false,
        tags: ['root-cause'],
      },
      {
        startTimestamp: 1_710_252_760_000_000,
        endTimestamp: 1_710_252_760_000_000,
        actorName: 'Priya Raman',
        streamName: 'db shell',
        message: 'it is the NVMe controller',
        isMarker: false,
        tags: ['root-cause'],
      },
      {
        startTimestamp: 1_710_253_130_000_000,
        endTimestamp: 1_710_253_130_000_000,
        actorName: '',
        streamName: 'Markers',
        message: 'Failover approved',
        isMarker: true,
        tags: [],
      },
      {
        startTimestamp: 1_710_253_221_000_000,
        endTimestamp: 1_710_253_281_000_000,
        actorName: '',
        streamName: 'Markers',
        message: 'Failover complete',
        isMarker: true,
        tags: [],
      },
    ];
    for (const format of ['csv', 'jsonl'] as const) {
      const file = exportEvents(format, few);
      const { records } = await importDetected(file.text, `few.${file.extension}`);
      expect(records.map((record) => record.actor)).toEqual(['', 'Marcus Chen', 'Priya Raman', '', '']);
    }
  });
});
