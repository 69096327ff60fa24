/** Joins the truthy class names; the one string helper the ui primitives need. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
