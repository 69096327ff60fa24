/* Which time settings each import family takes, so the preview shows only those it has. */
import type { SettingsDraft } from './import-settings-draft.ts';

export type TimeKnob = 'numericUnit' | 'dateOrder' | 'timePattern' | 'year' | 'anchorMicros';

const KNOBS: Record<string, readonly TimeKnob[]> = {
  delimited: ['numericUnit', 'dateOrder', 'timePattern'],
  jsonl: ['numericUnit'],
};

export function timeKnobsOf(draft: SettingsDraft): readonly TimeKnob[] {
  return KNOBS[draft.format] ?? [];
}
