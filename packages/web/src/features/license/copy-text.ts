import { LICENSE_MSG } from '@bpm/contract/license';
import { toast } from '../../api/notify';

/**
 * Copies text: the Clipboard API, else a hidden textarea where it is unavailable (plain http). Answers whether the
 * text reached the clipboard.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the legacy path
    }
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  try {
    ta.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    ta.remove();
  }
}

/** Copies and says what happened: 'Copied to clipboard', or that the copy failed (never 'Copied' when it was not). */
export async function copyAndTell(text: string): Promise<boolean> {
  const copied = await copyText(text);
  if (copied) toast(LICENSE_MSG.copied, 'success');
  else {
    console.error('copy to clipboard failed');
    toast(LICENSE_MSG.copyFailed, 'error');
  }
  return copied;
}
