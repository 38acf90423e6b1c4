import { Button, Paper, Stack, TextField } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { toast } from '../../api/notify';

/** A product tab's revision field (BOM REV, Test Checklist REV) with its own Save button; `children` on the right. */
export function RevisionBar({
  label,
  initial,
  width,
  testId,
  stackBelow,
  saving,
  onSave,
  savedMessage,
  failedMessage,
  children,
}: {
  label: string;
  initial: string;
  width: number;
  /** The field's test id; the button's is `${testId}-save`. */
  testId: string;
  stackBelow: 'sm' | 'md';
  saving: boolean;
  onSave: (rev: string) => Promise<unknown>;
  savedMessage: string;
  failedMessage: string;
  children?: ReactNode;
}) {
  const [rev, setRev] = useState(initial);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', [stackBelow]: 'row' }} spacing={2} alignItems={{ [stackBelow]: 'center' }}>
        <TextField
          label={label}
          value={rev}
          onChange={(e) => setRev(e.target.value)}
          sx={{ width }}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        />
        <Button
          variant="outlined"
          disabled={saving}
          data-testid={`${testId}-save`}
          onClick={() =>
            onSave(rev).then(
              () => toast(savedMessage, 'success'),
              () => toast(failedMessage, 'error'),
            )
          }
        >
          Save {label}
        </Button>
        {children}
      </Stack>
    </Paper>
  );
}
