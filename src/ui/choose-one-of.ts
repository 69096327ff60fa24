/** A select's options for picking one of `entities` by id, after an empty "Choose…" (its value until one is picked). */
export function chooseOneOf(entities: readonly { id: number; name: string }[]): { value: string; label: string }[] {
  return [
    { value: '', label: 'Choose…' },
    ...entities.map((entity) => ({ value: String(entity.id), label: entity.name })),
  ];
}
