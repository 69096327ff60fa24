/*
 * multipart/form-data bodies built byte by byte, so the fuzzer can send what no browser's FormData
 * would: file names with "../", NUL or lone surrogates, parts with no name, a body cut short, a
 * boundary that never closes.
 */
export interface Part {
  name: string;
  value: Uint8Array | string;
  /** Present: a file part with this file name (sent as given, quotes and all). */
  fileName?: string;
  contentType?: string;
}

export interface MultipartBody {
  contentType: string;
  payload: Buffer;
}

export function multipart(
  parts: readonly Part[],
  boundary = `fuzz${Math.random().toString(16).slice(2)}`,
  close = true,
): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.contentType ?? (part.fileName === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}
