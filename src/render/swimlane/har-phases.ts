/*
 * A HAR request's phases as the swimlane draws them: the import keeps HAR timings in milliseconds
 * on the event (extra.timings, absent phases left out). HAR counts ssl inside connect, so connect
 * is drawn without its ssl part and ssl after it, which keeps the segments summing to the request.
 */
import { HAR_TIMING_PHASES } from '../../../domain/import/har-record.ts';

export type HarPhase = (typeof HAR_TIMING_PHASES)[number];

/** Distinct in light and dark mode; the legend beside the swimlane names them. */
export const PHASE_COLORS: Record<HarPhase, string> = {
  blocked: '#9AA0A6',
  dns: '#1A9E9E',
  connect: '#E8871E',
  ssl: '#A05FD4',
  send: '#4D7CFE',
  wait: '#3BAA4F',
  receive: '#1565C0',
};

export function harPhases(
  extra: Readonly<Record<string, unknown>> | null | undefined,
): Array<{ phase: HarPhase; ms: number }> | undefined {
  const timings = extra?.['timings'];
  if (typeof timings !== 'object' || timings === null) return undefined;
  const values = timings as Record<string, unknown>;
  const ms = (phase: HarPhase) => {
    const value = values[phase];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  };
  const phases: Array<{ phase: HarPhase; ms: number }> = [];
  for (const phase of HAR_TIMING_PHASES) {
    const value = phase === 'connect' ? Math.max(0, ms('connect') - ms('ssl')) : ms(phase);
    if (value > 0) phases.push({ phase, ms: value });
  }
  return phases.length > 0 ? phases : undefined;
}
