/*
 * The three filter modes of spec section 4 as a toggle group: h highlights, i ignores, r requires.
 * Pressing the active mode again turns the filter off.
 */
import * as ToggleGroup from '@radix-ui/react-toggle-group';

type FilterModeValue = 'h' | 'i' | 'r';

const MODES: ReadonlyArray<{ mode: FilterModeValue; title: string }> = [
  { mode: 'h', title: 'highlight' },
  { mode: 'i', title: 'ignore' },
  { mode: 'r', title: 'require' },
];

export function FilterModeToggle({
  value,
  onChange,
  itemLabel,
}: {
  value: FilterModeValue | undefined;
  onChange: (mode: FilterModeValue | undefined) => void;
  itemLabel: string;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value ?? ''}
      onValueChange={(next) => onChange(next === 'h' || next === 'i' || next === 'r' ? next : undefined)}
      aria-label={`Filter mode for ${itemLabel}`}
      className="flex shrink-0 overflow-hidden rounded border border-line"
    >
      {MODES.map(({ mode, title }) => (
        <ToggleGroup.Item
          key={mode}
          value={mode}
          title={`${title} ${itemLabel}`}
          aria-label={`${title} ${itemLabel}`}
          className="w-5 text-center font-mono text-xs leading-5 text-muted hover:bg-raised data-[state=on]:bg-accent-bg data-[state=on]:text-on-accent"
        >
          {mode}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
