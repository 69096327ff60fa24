/*
 * "Export": the events the filters show, as CSV, JSON Lines or Timesketch CSV (domain/events/
 * export-events.ts, read back by our own importers), and the current picture as a PNG.
 */
import { useState } from 'react';
import { exportEvents, type ExportEvent, type ExportFormat } from '../../../domain/events/export-events.ts';
import type { UiActionName } from '../../../domain/ui-action-names.ts';
import { Button } from '../../ui/button.tsx';
import { downloadBlob, fileNameOf } from '../../ui/download.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu.tsx';
import { useIncidentPage } from './incident-page-context.ts';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string; action: UiActionName }> = [
  { format: 'csv', label: 'Events as CSV', action: 'export events csv' },
  { format: 'jsonl', label: 'Events as JSON Lines', action: 'export events jsonl' },
  { format: 'timesketch-csv', label: 'Events as Timesketch CSV', action: 'export events timesketch csv' },
];

export function ExportMenu() {
  const { events, filtered, data, actorsByID, streamsByID, annotations, audit, currentPicture } = useIncidentPage();
  const [failure, setFailure] = useState<string | undefined>();

  function* shownEvents(): Generator<ExportEvent> {
    for (const position of filtered.positions) {
      const event = events[position];
      if (!event) continue;
      yield {
        startTimestamp: event.startTimestamp,
        endTimestamp: event.endTimestamp,
        actorName: event.isMarker ? '' : (actorsByID.get(event.actorID)?.name ?? ''),
        streamName: streamsByID.get(event.streamID)?.name ?? '',
        message: event.message,
        isMarker: event.isMarker,
        tags: annotations.tagsByEvent.get(event.id) ?? [],
      };
    }
  }

  function exportAs(format: ExportFormat, action: UiActionName) {
    const file = exportEvents(format, shownEvents());
    downloadBlob(
      new Blob([file.text], { type: file.mediaType }),
      `${fileNameOf(data.incident.name)}.${file.extension}`,
    );
    audit(action, { value: { count: filtered.count } });
  }

  async function exportPicture() {
    const picture = currentPicture();
    if (!picture) {
      setFailure('This view draws no picture; open the timeline to export one.');
      return;
    }
    try {
      setFailure(undefined);
      downloadBlob(await picture.toPng(), `${fileNameOf(data.incident.name)}-${picture.name}.png`);
      audit('export picture png', { value: picture.name });
    } catch (error) {
      console.error('the picture could not be exported', error);
      setFailure('The picture could not be exported.');
    }
  }

  return (
    <div className="flex items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button className="px-2 py-1">Export</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>{filtered.count.toLocaleString('en')} shown events</DropdownMenuLabel>
          {FORMATS.map(({ format, label, action }) => (
            <DropdownMenuItem key={format} onSelect={() => exportAs(format, action)}>
              {label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void exportPicture()}>Picture as PNG</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {failure ? (
        <span role="alert" className="text-sm text-danger">
          {failure}
        </span>
      ) : null}
    </div>
  );
}
