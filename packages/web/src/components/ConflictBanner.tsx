import { Alert, Button } from '@mui/material';
import { useState } from 'react';

export interface Conflict {
  message: string | null;
  set: (message: string | null) => void;
  /** Reloads the record, hands it to the form, hides the banner. */
  reload: () => Promise<void>;
}

/**
 * The 409 state of an edit form: `set(err.message)` on a stale save; the banner's Reload refetches the record
 * and passes it to `onFresh` (reset the form from it).
 */
export function useConflict<T>(reload: () => Promise<{ data?: T }>, onFresh: (fresh: T) => void): Conflict {
  const [message, set] = useState<string | null>(null);
  return {
    message,
    set,
    reload: async () => {
      const fresh = (await reload()).data;
      if (fresh) onFresh(fresh);
      set(null);
    },
  };
}

/** 'Changed by someone else' warning with Reload (`${testIdPrefix}-conflict`, `${testIdPrefix}-reload`). */
export function ConflictBanner({ conflict, testIdPrefix }: { conflict: Conflict; testIdPrefix: string }) {
  if (!conflict.message) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid={`${testIdPrefix}-conflict`}
      action={
        <Button color="inherit" size="small" data-testid={`${testIdPrefix}-reload`} onClick={conflict.reload}>
          Reload
        </Button>
      }
    >
      {conflict.message}
    </Alert>
  );
}

/** After enable/disable or a file delete the record's version moved on: follow it so Save does not conflict. */
export async function followVersion<T extends { version: number }>(
  reload: () => Promise<{ data?: T }>,
  setVersion: (version: number) => void,
): Promise<T | undefined> {
  const fresh = (await reload()).data;
  if (fresh) setVersion(fresh.version);
  return fresh;
}
