import { type LookupKind, PO_MSG } from '@bpm/contract/purchase-orders';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCan } from '../../api/auth-store';
import { toast } from '../../api/notify';
import { useLookup } from '../../api/purchase-orders';
import { NAMES } from './lookup-names';

// The Manage dialog loads after the form (the per-page bundle budget).
const ManageDialog = lazy(() => import('./LookupManageDialog').then((m) => ({ default: m.ManageDialog })));

/** A department / term / price quote picker (names are copied into the PO) with its Manage dialog. */
export function LookupField({
  kind,
  value,
  onChange,
  disabled,
  required,
  error,
}: {
  kind: LookupKind;
  value: string;
  onChange: (name: string) => void;
  disabled?: boolean;
  required?: boolean;
  error?: string;
}) {
  const can = useCan();
  const q = useLookup(kind);
  const [managing, setManaging] = useState(false);
  const n = NAMES[kind];
  useEffect(() => {
    if (q.isError) toast(PO_MSG.loadFailed(n.many), 'error');
  }, [q.isError, n.many]);
  const names = (q.data ?? []).map((l) => l.name);
  // A PO keeps a name that was later renamed or deleted: it stays selectable.
  const options = value && !names.includes(value) ? [value, ...names] : names;
  return (
    // The button names what it manages ('Manage Price Quotes'): under the field on a phone, beside it otherwise.
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
      <Autocomplete
        sx={{ flexGrow: 1 }}
        options={options}
        value={value || null}
        disabled={disabled}
        onChange={(_, v) => onChange(v ?? '')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={n.label}
            required={required}
            error={!!error}
            helperText={error}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `field-${kind}` } }}
          />
        )}
      />
      {can('purchaseOrders.manageLookups') && !disabled && (
        <Button
          onClick={() => setManaging(true)}
          sx={{ mt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}
          data-testid={`manage-${kind}`}
        >
          {n.title}
        </Button>
      )}
      <Suspense fallback={null}>
        <ManageDialog kind={kind} open={managing} onClose={() => setManaging(false)} />
      </Suspense>
    </Stack>
  );
}
