/*
 * The swimlane's options (kept per incident): axis, minimap, height, grouping, time format, the
 * secondary time window, hidden columns to bring back, the inline reply thread and the legend of
 * HAR phases.
 */
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import { PHASE_COLORS, type HarPhase } from '../../render/swimlane/har-phases.ts';
import type { TimeWindow } from '../../render/swimlane/swimlane-window.ts';
import type { SwimlaneColumn } from './swimlane-columns.ts';
import type { SwimlaneOptions } from './swimlane-options.ts';

interface SwimlaneToolbarProps {
  options: SwimlaneOptions;
  onOptionsChange: (patch: Partial<SwimlaneOptions>) => void;
  window: TimeWindow;
  onShowWindow: (window: TimeWindow) => void;
  hiddenColumns: readonly SwimlaneColumn[];
  onShowColumn: (id: number) => void;
  showPhaseLegend: boolean;
  thread: { eventID: number; open: boolean } | undefined;
}

const TOGGLES: ReadonlyArray<{ key: keyof SwimlaneOptions; label: string }> = [
  { key: 'swimlaneYAxisVisible', label: 'Time axis' },
  { key: 'minimapVisible', label: 'Minimap' },
  { key: 'minimapYAxisVisible', label: 'Minimap axis' },
  { key: 'minimapLimitedToVisibleStreams', label: 'Minimap: visible streams only' },
  { key: 'swimlaneHeightLimited', label: 'Limit height' },
  { key: 'groupSwimlaneEvents', label: 'Group nearby events' },
];

const AXIS_TIME_CHOICES = [
  { value: 'absolute', label: 'Clock' },
  { value: 'elapsed', label: 'Elapsed' },
] as const;

export function SwimlaneToolbar({
  options,
  onOptionsChange,
  window,
  onShowWindow,
  hiddenColumns,
  onShowColumn,
  showPhaseLegend,
  thread,
}: SwimlaneToolbarProps) {
  const secondary = options.secondaryTimeWindow;
  const current = { start: Math.round(window.fromMicros), end: Math.round(window.toMicros) };
  return (
    <div role="toolbar" aria-label="Swimlane options" className="flex flex-col gap-1.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {TOGGLES.map((toggle) => (
          <Checkbox
            key={toggle.key}
            className="flex-none"
            checked={options[toggle.key] === true}
            onCheckedChange={(checked) => onOptionsChange({ [toggle.key]: checked })}
            label={toggle.label}
          />
        ))}
        <div className="flex items-center gap-1">
          <span className="text-muted" aria-hidden="true">
            Axis time:
          </span>
          <SegmentedChoice
            label="Axis time"
            choices={AXIS_TIME_CHOICES}
            value={options.yAxisTimeFormat}
            onChange={(yAxisTimeFormat) => onOptionsChange({ yAxisTimeFormat })}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Group label="Secondary window">
          <Button onClick={() => onOptionsChange({ secondaryTimeWindow: current })}>Keep this window</Button>
          {secondary ? (
            <>
              <Button
                onClick={() => {
                  onOptionsChange({ secondaryTimeWindow: current });
                  onShowWindow({ fromMicros: secondary.start, toMicros: secondary.end });
                }}
              >
                Swap windows
              </Button>
              <Button variant="ghost" onClick={() => onOptionsChange({ secondaryTimeWindow: null })}>
                Clear
              </Button>
            </>
          ) : null}
        </Group>
        {thread ? (
          <Button
            aria-pressed={thread.open}
            onClick={() => onOptionsChange({ inlineReplyThreadEventID: thread.open ? null : thread.eventID })}
          >
            {thread.open ? 'Hide reply thread' : 'Show reply thread'}
          </Button>
        ) : null}
        {hiddenColumns.length > 0 ? (
          <Group label="Hidden columns">
            {hiddenColumns.map((column) => (
              <Button
                key={column.id}
                variant="ghost"
                aria-label={`Show column ${column.name}`}
                onClick={() => onShowColumn(column.id)}
              >
                + {column.name}
              </Button>
            ))}
          </Group>
        ) : null}
        {showPhaseLegend ? (
          <ul aria-label="HAR request phases" className="flex flex-wrap items-center gap-2 text-xs text-muted">
            {(Object.keys(PHASE_COLORS) as HarPhase[]).map((phase) => (
              <li key={phase} className="flex items-center gap-1">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 rounded-sm"
                  style={{ background: PHASE_COLORS[phase] }}
                />
                {phase}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      <span className="text-muted">{label}:</span>
      {children}
    </div>
  );
}
