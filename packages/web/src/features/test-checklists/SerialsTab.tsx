import { planSerials, serialsProblem, splitSerials, TC_MSG, type TestChecklist } from '@bpm/contract/test-checklists';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { type ChecklistKind, useSaveSerials } from '../../api/test-checklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Serial Numbers: one per line (what a barcode scanner types, Enter after each), trimmed, blanks dropped.
 * Focus stays in the box after a save so the next scan lands there.
 */
export function SerialsTab({ kind, c, editable }: { kind: ChecklistKind; c: TestChecklist; editable: boolean }) {
  const [text, setText] = useState(c.serials.join('\n'));
  const [error, setError] = useState<string>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<'reduce' | 'reset' | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setText(c.serials.join('\n')), [c.serials]);
  const save = useSaveSerials(kind, c.id);
  const serials = splitSerials(text);

  async function send(list: string[], reset = false) {
    setError(undefined);
    try {
      const r = await save.mutateAsync(list);
      setWarnings(r.warnings ?? []);
      toast(reset ? TC_MSG.serialsReset : TC_MSG.serialsSaved, 'success');
    } catch (err) {
      // A serial already elsewhere names where it is (the field's message).
      const msg = err instanceof ApiError ? (err.fieldErrors.serials ?? err.message) : '';
      setError(msg || (reset ? 'Failed to reset serial numbers' : 'Failed to save serial numbers'));
    }
    box.current?.focus();
  }
  function submit() {
    if (!serials.length) return setError(TC_MSG.serialsRequired);
    const problem = serialsProblem(serials, c.product_max_serials, c.product_has_modem === 1);
    if (problem) return setError(problem);
    // Results follow their serial: only serials that go lose results, and the question names them.
    if (planSerials(c.serials, serials).removed.length) return setConfirm('reduce');
    void send(serials);
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <Typography color="text.secondary">
        One serial number per line; up to {c.product_max_serials}
        {c.product_has_modem ? ' (IMEI included)' : ''}.
      </Typography>
      {error && (
        <Alert severity="error" data-testid="serials-error">
          {error}
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={w} severity="warning" data-testid="serials-warning">
          {w}
        </Alert>
      ))}
      <TextField
        multiline
        minRows={6}
        label="Serial Numbers"
        value={text}
        inputRef={box}
        autoFocus
        disabled={!editable}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'serials-input', spellCheck: false, autoCapitalize: 'off' } }}
      />
      {editable && (
        <Stack direction="row" spacing={2}>
          <Button
            variant="contained"
            size="large"
            onClick={submit}
            disabled={save.isPending}
            data-testid="serials-save"
          >
            Save Serial Numbers
          </Button>
          <Button
            color="error"
            size="large"
            onClick={() => setConfirm('reset')}
            disabled={save.isPending || !c.serials.length}
            data-testid="serials-reset"
          >
            Reset
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={!!confirm}
        message={confirm === 'reset' ? TC_MSG.resetSerialsConfirm : removeQuestion(c.serials, serials)}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const which = confirm;
          setConfirm(null);
          if (which === 'reset') void send([], true);
          else void send(serials);
        }}
      />
    </Stack>
  );
}

/** The question before serials go: the spec's when there are fewer, naming the serials whose results go. */
function removeQuestion(before: string[], after: string[]): string {
  const named = TC_MSG.removeSerialsConfirm(planSerials(before, after).removed);
  return after.length < before.length ? `${TC_MSG.reduceSerialsConfirm(before.length, after.length)} ${named}` : named;
}
