/*
 * The organization's charts: incident-bar (a bar per incident for one count type, chosen by the
 * route's count/{countType}) and cross-incident-connections (incidents joined by the organization
 * actors, incident tags and relations they share, placed by a force layout in a worker; clicking
 * an incident opens it). incident-bar stays on the canvas bar renderer, not uPlot: a named bar per
 * incident with no time axis (the reasons are in render/charts/bar-chart-renderer.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  connectionNodes,
  describeSharedKey,
  type IncidentConnection,
} from '../../../domain/charts/incident-connections.ts';
import { incidentEdges } from '../../../domain/charts/incident-graph.ts';
import { COUNT_TYPES, type CountType } from '../../../domain/views.ts';
import { barRowAt, renderBarChart } from '../../render/charts/bar-chart-renderer.ts';
import { forceLayoutInWorker } from '../../render/charts/chart-worker-clients.ts';
import { circleAt, renderCircles, type PlacedCircle } from '../../render/charts/circle-renderer.ts';
import { ChartFrame } from './chart-frame.tsx';
import { useChartTheme } from './use-chart-theme.ts';
import { OptionList } from '../../ui/option-list.tsx';

export interface ChartIncident {
  id: number;
  name: string;
  incidentTags: readonly string[];
  counts: {
    events: number;
    streams: number;
    uploads: number;
    actorEventCount: number;
    eventNoteCount: number;
    humanActorCount: number;
    humanActorEventCount: number;
  };
}

const COUNT_TYPE_LABELS: Record<CountType, string> = {
  events: 'Events',
  streams: 'Streams',
  uploads: 'Uploads',
  'actor-events': 'Actor events',
  notes: 'Notes',
  'human-actors': 'Human actors',
  'human-actor-events': 'Human actor events',
};

/** The count each type reads; actor events are the one type that also depends on showing bots. */
const COUNT_FIELDS: Record<Exclude<CountType, 'actor-events'>, keyof ChartIncident['counts']> = {
  events: 'events',
  streams: 'streams',
  uploads: 'uploads',
  notes: 'eventNoteCount',
  'human-actors': 'humanActorCount',
  'human-actor-events': 'humanActorEventCount',
};

/** With bots hidden, actor events count only humans' (the bots' share is not shown anywhere else). */
function countOf(incident: ChartIncident, type: CountType, showBots: boolean): number {
  const counts = incident.counts;
  if (type === 'actor-events') return showBots ? counts.actorEventCount : counts.humanActorEventCount;
  return counts[COUNT_FIELDS[type]];
}

interface IncidentBarProps {
  incidents: readonly ChartIncident[];
  countType: CountType;
  onCountType: (type: CountType) => void;
  selectedIncidentID: number | undefined;
  onOpenIncident: (incidentID: number) => void;
  showBots: boolean;
  heightPx: number;
}

export function IncidentBarChart({
  incidents,
  countType,
  onCountType,
  selectedIncidentID,
  onOpenIncident,
  showBots,
  heightPx,
}: IncidentBarProps) {
  const theme = useChartTheme();
  const rows = useMemo(
    () =>
      incidents
        .map((incident) => ({ incident, value: countOf(incident, countType, showBots) }))
        .sort((a, b) => b.value - a.value || a.incident.name.localeCompare(b.incident.name)),
    [incidents, countType, showBots],
  );
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      renderBarChart(canvas, {
        rows: rows.map((row) => ({ label: row.incident.name, segments: [row.value] })),
        colors: [theme.palette[0] ?? theme.text],
        text: theme.text,
        grid: theme.grid,
        selectedRow: rows.findIndex((row) => row.incident.id === selectedIncidentID),
        selection: theme.selection,
      }),
    [rows, theme, selectedIncidentID],
  );
  return (
    <ChartFrame
      name="incident-bar"
      title={`${COUNT_TYPE_LABELS[countType]} per incident`}
      heightPx={heightPx}
      draw={draw}
      onPoint={(_, y, canvas) => {
        const row = barRowAt(canvas, rows.length, y);
        const incident = row === undefined ? undefined : rows[row]?.incident;
        if (incident) onOpenIncident(incident.id);
      }}
      controls={
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Count</span>
          <select
            className="rounded border border-line bg-panel px-2 py-1"
            value={countType}
            onChange={(event) => onCountType(event.target.value as CountType)}
          >
            <OptionList choices={COUNT_TYPES.map((type) => ({ value: type, label: COUNT_TYPE_LABELS[type] }))} />
          </select>
        </label>
      }
      table={{
        caption: `${COUNT_TYPE_LABELS[countType]} per incident`,
        columns: ['Incident', COUNT_TYPE_LABELS[countType]],
        rows: rows.map((row) => [row.incident.name, row.value]),
      }}
    />
  );
}

interface ConnectionsProps {
  incidents: readonly ChartIncident[];
  /** Organization actors and relations per incident; undefined while they load (tags join meanwhile). */
  connections: readonly IncidentConnection[] | undefined;
  /** Organization actors' names, for the table. */
  actorNames: ReadonlyMap<number, string>;
  /** Why organization actors and relations are missing, when they could not be read. */
  connectionsError?: string | undefined;
  onOpenIncident: (incidentID: number) => void;
  heightPx: number;
  /** The incident marked among the others (the incident page's own). */
  selectedIncidentID?: number | undefined;
}

export function CrossIncidentConnections({
  incidents,
  connections,
  actorNames,
  connectionsError,
  onOpenIncident,
  heightPx,
  selectedIncidentID,
}: ConnectionsProps) {
  const theme = useChartTheme();
  const graph = useMemo(() => {
    const nodes = connectionNodes(
      incidents.map((incident) => ({
        id: incident.id,
        name: incident.name,
        incidentTags: incident.incidentTags,
        weight: Math.max(1, incident.counts.events),
      })),
      connections ?? [],
    );
    return { nodes, edges: incidentEdges(nodes) };
  }, [incidents, connections]);
  const [placed, setPlaced] = useState<
    { positions: Array<{ x: number; y: number; r: number }>; widthPx: number } | undefined
  >(undefined);
  useEffect(() => {
    let current = true;
    const widthPx = 900;
    forceLayoutInWorker({ incidents: graph.nodes, edges: graph.edges, widthPx, heightPx })
      .then((positions) => {
        if (current) setPlaced({ positions, widthPx });
      })
      .catch((error: unknown) => console.error('cross-incident layout failed', error));
    return () => {
      current = false;
    };
  }, [graph, heightPx]);
  const circlesFor = useCallback(
    (canvas: HTMLCanvasElement): PlacedCircle[] => {
      if (!placed) return [];
      const scale = Math.min(1, canvas.clientWidth / placed.widthPx);
      const offsetX = (canvas.clientWidth - placed.widthPx * scale) / 2;
      return placed.positions.map((position, index) => ({
        x: offsetX + position.x * scale,
        y: position.y * scale,
        r: position.r * scale,
        label: graph.nodes[index]?.name ?? '',
        color: theme.palette[index % theme.palette.length] ?? theme.text,
      }));
    },
    [placed, graph, theme],
  );
  const selected = graph.nodes.findIndex((node) => node.id === selectedIncidentID);
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      renderCircles(canvas, {
        circles: circlesFor(canvas),
        edges: graph.edges,
        text: theme.text,
        edge: theme.muted,
        ...(selected >= 0 ? { selected, selection: theme.selection } : {}),
      }),
    [circlesFor, graph, theme, selected],
  );
  const neighbours = (index: number) =>
    graph.edges
      .filter((edge) => edge.from === index || edge.to === index)
      .map(
        (edge) =>
          `${graph.nodes[edge.from === index ? edge.to : edge.from]?.name ?? ''} (${edge.shared.map((key) => describeSharedKey(key, actorNames)).join(', ')})`,
      )
      .join('; ');
  return (
    <ChartFrame
      name="cross-incident-connections"
      title="Incidents joined by shared organization actors, tags and related incidents"
      heightPx={heightPx}
      draw={draw}
      status={placed && connections ? undefined : connections ? 'Laying out…' : 'Reading connections…'}
      controls={
        connectionsError ? (
          <p className="text-sm text-warning">
            Shared organization actors and related incidents could not be read ({connectionsError}); joined by tags
            only.
          </p>
        ) : undefined
      }
      onPoint={(x, y, canvas) => {
        const index = circleAt(circlesFor(canvas), x, y);
        const incident = index === undefined ? undefined : graph.nodes[index];
        if (incident) onOpenIncident(incident.id);
      }}
      table={{
        caption: 'Connections per incident',
        columns: ['Incident', 'Connections', 'Shared with'],
        rows: graph.nodes.map((node, index) => [
          node.name,
          graph.edges.filter((edge) => edge.from === index || edge.to === index).length,
          neighbours(index),
        ]),
      }}
    />
  );
}
