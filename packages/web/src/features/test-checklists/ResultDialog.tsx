import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';

/**
 * Enter Test Result for one step and serial: Pass/Fail, or a Custom Result text (Enter saves it). `prefill`: a
 * custom result begun by typing on the grid's cell — the dialog opens on Custom Result with that text.
 * `onClose(saved)`: whether a result was saved.
 */
export function ResultDialog({
  open,
  title,
  current,
  prefill,
  disableRestoreFocus,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  current?: string;
  prefill?: string;
  /** The grid puts the focus back itself (a keyboard user goes on from the cell). */
  disableRestoreFocus?: boolean;
  onClose: (saved: boolean) => void;
  onSave: (result: string) => Promise<unknown>;
}) {
  const custom = !!current && current !== 'passed' && current !== 'failed';
  const startTab = prefill !== undefined || custom ? 1 : 0;
  const startText = prefill ?? (custom ? (current ?? '') : '');
  // Mounted open (the grid mounts one per cell), the first render is already the right tab, its field focused.
  const [tab, setTab] = useState(open ? startTab : 0);
  const [text, setText] = useState(open ? startText : '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up when opened; a refetch while open keeps the typing
  useEffect(() => {
    if (!open) return;
    setTab(startTab);
    setText(startText);
    setError(undefined);
  }, [open]);
  async function save(result: string) {
    setBusy(true);
    setError(undefined);
    try {
      await onSave(result);
      onClose(true);
    } catch {
      setError('Failed to save test result');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      disableRestoreFocus={disableRestoreFocus}
      fullWidth
      maxWidth="xs"
      data-testid="result-dialog"
    >
      <DialogTitle>{title}</DialogTitle>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth">
        <Tab label="Pass/Fail" data-testid="result-tab-passfail" />
        <Tab label="Custom Result" data-testid="result-tab-custom" />
      </Tabs>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {tab === 0 ? (
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button
              fullWidth
              size="large"
              variant={current === 'passed' ? 'contained' : 'outlined'}
              color="success"
              disabled={busy}
              onClick={() => save('passed')}
              sx={{ minHeight: 64 }}
              data-testid="result-pass"
            >
              Pass
            </Button>
            <Button
              fullWidth
              size="large"
              variant={current === 'failed' ? 'contained' : 'outlined'}
              color="error"
              disabled={busy}
              onClick={() => save('failed')}
              sx={{ minHeight: 64 }}
              data-testid="result-fail"
            >
              Fail
            </Button>
          </Stack>
        ) : (
          <TextField
            fullWidth
            autoFocus
            label="Custom Result"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              if (!busy && text.trim()) void save(text.trim());
            }}
            // The caret after a prefilled first character, so typing goes on from it.
            onFocus={(e) => {
              const input = e.target as HTMLInputElement;
              input.setSelectionRange?.(input.value.length, input.value.length);
            }}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'result-custom' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        {tab === 1 && (
          <Button
            variant="contained"
            disabled={busy || !text.trim()}
            onClick={() => save(text.trim())}
            data-testid="result-save"
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
