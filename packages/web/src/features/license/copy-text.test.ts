import { LICENSE_MSG } from '@bpm/contract/license';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.fn();
vi.mock('../../api/notify', () => ({ toast: (...a: unknown[]) => toast(...a) }));
const { copyAndTell, copyText } = await import('./copy-text');

/** A document whose legacy copy command answers `copies` (or throws). */
function fakeDocument(copies: boolean | 'throws') {
  const ta = { value: '', style: {}, select: vi.fn(), remove: vi.fn() };
  vi.stubGlobal('document', {
    createElement: () => ta,
    body: { appendChild: vi.fn() },
    execCommand: () => {
      if (copies === 'throws') throw new Error('denied');
      return copies;
    },
  });
  return ta;
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
  vi.restoreAllMocks();
});

describe('copying a key (issue 24 item 8)', () => {
  it('says Copied only when the clipboard took the text', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyAndTell('KEY-1')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('KEY-1');
    expect(toast).toHaveBeenCalledWith(LICENSE_MSG.copied, 'success');
  });

  it('falls back to the legacy copy when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('no')) } });
    const ta = fakeDocument(true);
    expect(await copyText('KEY-2')).toBe(true);
    expect(ta.value).toBe('KEY-2');
    expect(ta.remove).toHaveBeenCalled();
  });

  it('says the copy failed when neither way copied', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('navigator', {});
    fakeDocument(false);
    expect(await copyAndTell('KEY-3')).toBe(false);
    expect(toast).toHaveBeenCalledWith(LICENSE_MSG.copyFailed, 'error');
    expect(toast).not.toHaveBeenCalledWith(LICENSE_MSG.copied, 'success');
    fakeDocument('throws');
    expect(await copyText('KEY-4')).toBe(false);
  });
});
