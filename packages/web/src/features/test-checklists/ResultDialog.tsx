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

/** Enter Test Result for one step and serial: Pass/Fail, or a Custom Result text. */
export function ResultDialog({
  open,
  title,
  current,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  current?: string;
  onClose: () => void;
  onSave: (result: string) => Promise<unknown>;
}) {
  const custom = !!current && current !== 'passed' && current !== 'failed';
  const [tab, setTab] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTab(custom ? 1 : 0);
    setText(custom ? (current ?? '') : '');
    setError(undefined);
  }, [open, custom, current]);
  async function save(result: string) {
    setBusy(true);
    setError(undefined);
    try {
      await onSave(result);
      onClose();
    } catch {
      setError('Failed to save test result');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="result-dialog">
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
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'result-custom' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
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
