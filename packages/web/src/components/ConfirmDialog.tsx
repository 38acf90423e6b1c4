import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. MSG.deleteUserConfirm. */
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** data-testid of the dialog (buttons stay `confirm-yes` / `confirm-no`). */
  testId?: string;
  /** A destructive action: the confirm button is red. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  message,
  title = 'Confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busy,
  testId = 'confirm-dialog',
  destructive,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} data-testid={testId} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* A destructive question starts on the safe answer: Enter does not delete. */}
        <Button onClick={onCancel} data-testid="confirm-no" autoFocus={destructive}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={busy}
          data-testid="confirm-yes"
          autoFocus={!destructive}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
