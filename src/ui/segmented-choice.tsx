/*
 * A small row of pressed/unpressed buttons choosing one of a few values (stack by stream or actor,
 * units). Buttons with aria-pressed rather than radios: each is one Tab stop and reads as a switch.
 */

export function SegmentedChoice<Value extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  /** Names the group for screen readers. */
  label: string;
  choices: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md border border-line">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={value === choice.value}
          onClick={() => onChange(choice.value)}
          className={`cursor-pointer px-2 py-0.5 ${value === choice.value ? 'bg-accent-bg text-on-accent' : 'bg-panel text-ink hover:bg-raised'}`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
