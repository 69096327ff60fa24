/*
 * A multipart body as the browser's FormData sends one to the import, map and upload routes: the
 * text fields first, then the file (left out when `bytes` is undefined, to test its absence).
 */
export function fileForm(
  bytes: Uint8Array | undefined,
  fileName: string,
  fields: Record<string, string> = {},
  options: { type?: string; field?: string } = {},
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (bytes)
    body.append(options.field ?? 'file', new File([Uint8Array.from(bytes)], fileName, { type: options.type ?? '' }));
  return body;
}
