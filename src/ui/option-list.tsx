/*
 * The <option>s of a native select from a list of choices, for the selects that are not a whole
 * SelectField (compact settings, table cells). The label is what the analyst reads; the value is sent.
 */

export function OptionList({ choices }: { choices: readonly { value: string | number; label: string }[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}
