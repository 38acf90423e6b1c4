import { enqueueSnackbar, type VariantType } from 'notistack';

/** The same toast again within this many ms is one report (two layers reporting one failure). */
const SAME_REPORT_MS = 1000;
const shown = new Map<string, number>();

/**
 * Toasts at the top centre (the SnackbarProvider in app/App.tsx places them). The same message asked for twice at
 * once shows once; asked for again later it shows again, even while the first is still on screen or leaving it.
 * (notistack's preventDuplicate dropped a second save's 'Save successfully' that came while the first save's was
 * fading out: the second save went unconfirmed.)
 */
export function toast(message: string, variant: VariantType = 'info') {
  const key = `${variant}\u0000${message}`;
  const now = Date.now();
  if (now - (shown.get(key) ?? Number.NEGATIVE_INFINITY) < SAME_REPORT_MS) return;
  // Only the last second's toasts are remembered (messages naming records would otherwise pile up all day).
  for (const [k, at] of shown) if (now - at >= SAME_REPORT_MS) shown.delete(k);
  shown.set(key, now);
  enqueueSnackbar(message, { variant });
}
