/** HTML the server writes itself (the ZIP page's document, alert e-mails, the unsubscribe page). */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML text or an attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON text safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), and the two
 * line separators JavaScript once refused in strings written as escapes. Still the same JSON.
 */
export function scriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
