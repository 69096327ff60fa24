/*
 * The frame of the server's own pages (sign-in, signing out): plain HTML that follows the system's
 * light or dark scheme. Every text a caller interpolates goes through escapeHtml.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** `head` is trusted markup (style, icon); `title` is escaped. */
export function htmlPage(page: { title: string; head: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(page.title)} · Churchkey</title>
${page.head}
</head>
<body>
${page.body}
</body>
</html>`;
}
