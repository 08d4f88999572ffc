/** The protocols a link may use; any other (`javascript:`, `data:`, `vbscript:`) is not a link. */
const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * The address a Markdown link may carry, or null (decision 038): a relative address (no scheme
 * before its first `/`, `?` or `#`), or one of SAFE_PROTOCOL's. The same rule as react-markdown's
 * default URL filter.
 */
export function safeHref(url: string): string | null {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  const before = (mark: string) => {
    const at = url.indexOf(mark);
    return at !== -1 && at < colon;
  };
  if (before('/') || before('?') || before('#')) return url;
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : null;
}
