import type { SupplierOption } from '@bpm/contract/suppliers';
import { Autocomplete, TextField } from '@mui/material';
import type { PoForm } from './po-form';

/** The PO's supplier: picking one copies its name, contact, TIN, address, e-mail and phone into the form. */
export function SupplierPicker({
  form: f,
  options,
  disabled,
  error,
  onPick,
}: {
  form: PoForm;
  options: SupplierOption[] | undefined;
  disabled: boolean;
  error?: string;
  onPick: (patch: Partial<PoForm>) => void;
}) {
  // A stored PO shows its copied supplier even when the list is not loaded (roles without the picker).
  const value: SupplierOption | null = f.supplier
    ? (options?.find((s) => s.id === f.supplier) ?? {
        id: f.supplier,
        name: f.supplier_name,
        contact_person: f.supplier_contact_person,
        supplier2303: f.supplier_2303,
        address: f.supplier_address,
        email: f.supplier_email,
        phone: f.supplier_phone,
      })
    : null;
  return (
    <Autocomplete
      options={options ?? []}
      value={value}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, s) =>
        onPick(
          s
            ? {
                supplier: s.id,
                supplier_name: s.name,
                supplier_contact_person: s.contact_person,
                supplier_2303: s.supplier2303,
                supplier_address: s.address,
                supplier_email: s.email,
                supplier_phone: s.phone,
              }
            : { supplier: null },
        )
      }
      renderInput={(p) => (
        <TextField
          {...p}
          label="Supplier"
          required
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { ...p.inputProps, 'data-testid': 'field-supplier' } }}
        />
      )}
    />
  );
}
