/**
 * Whether a press of the toast hotkey is waiting for the toast region (toast-loader.ts loads it),
 * and whether the region is on the page yet (then Radix answers the hotkey itself).
 */
let requested = false;
let mounted = false;

export function requestToastFocus(): void {
  if (!mounted) requested = true;
}

export function toastRegionMounted(): boolean {
  return mounted;
}

/** Called once by the region as it mounts: whether a press of the hotkey is waiting for it. */
export function takeToastFocusRequest(): boolean {
  mounted = true;
  const waiting = requested;
  requested = false;
  return waiting;
}
