import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const enqueued: string[] = [];
vi.mock('notistack', () => ({ enqueueSnackbar: (message: string) => void enqueued.push(message) }));

const { toast } = await import('./notify');

describe('toast', () => {
  // Each test a minute after the last: what an earlier test showed is long gone.
  let clock = Date.UTC(2026, 10, 29);
  beforeEach(() => {
    vi.useFakeTimers();
    clock += 60_000;
    vi.setSystemTime(clock);
    enqueued.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('shows one toast for the same message asked for twice at once', () => {
    toast('Request failed', 'error');
    toast('Request failed', 'error');
    expect(enqueued).toEqual(['Request failed']);
  });

  it("shows a later save's confirmation even while the first one's is still on screen", () => {
    toast('Save successfully', 'success');
    vi.advanceTimersByTime(4_900);
    toast('Save successfully', 'success');
    expect(enqueued).toEqual(['Save successfully', 'Save successfully']);
  });

  it('keeps different messages apart', () => {
    toast('Save successfully', 'success');
    toast('Please choose a PDF file.', 'error');
    expect(enqueued).toEqual(['Save successfully', 'Please choose a PDF file.']);
  });
});
