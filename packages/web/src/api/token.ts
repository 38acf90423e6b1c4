import { REFRESH_LEAD_MS, type TokenPayload } from '@bpm/contract/session-token';

/** Reads the payload of a JWT without verifying it (the server verifies; the browser only schedules). */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(b64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const p = JSON.parse(json) as TokenPayload;
    return typeof p.exp === 'number' && typeof p.iat === 'number' ? p : null;
  } catch {
    return null;
  }
}

/** Milliseconds from receiving a token until it is refreshed: its lifetime (exp − iat) less the lead, at least 1 s. */
export function refreshDelayMs(payload: Pick<TokenPayload, 'exp' | 'iat'>, leadMs = REFRESH_LEAD_MS): number {
  return Math.max(1000, (payload.exp - payload.iat) * 1000 - leadMs);
}

/** The file name of a download from its Content-Disposition header (RFC 6266 `filename*` preferred). */
export function fileNameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star?.[1]) {
    const v = star[1].trim().replace(/^"|"$/g, '');
    const m = /^[^']*'[^']*'(.*)$/.exec(v);
    try {
      return decodeURIComponent(m?.[1] ?? v);
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name || fallback;
}
