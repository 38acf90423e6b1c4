import { type BomLine, bomSave } from '@bpm/contract/products';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSaveBomLine } from '../../api/products';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { PartAutocomplete, type PartOption, PartsMultiAutocomplete } from './PartAutocomplete';

const partOf = (l: BomLine): PartOption => ({
  id: l.part_id,
  manuf_part_number: l.part_number,
  manufacturer: l.part_manufacturer,
  description: l.part_desc,
});

const altsOf = (l: BomLine): PartOption[] =>
  l.alt_parts.map((id, i) => ({
    id,
    manuf_part_number: l.alt_part_numbers[i] ?? String(id),
    manufacturer: '',
    description: '',
  }));

/** Add or edit one BOM line (document 2 section 5: part and quantity required, quantity step 0.000001). */
export function BomLineDialog({
  productId,
  line,
  open,
  onClose,
}: {
  productId: number;
  /** The line being edited; undefined to add. */
  line?: BomLine;
  open: boolean;
  onClose: () => void;
}) {
  const save = useSaveBomLine();
  const [part, setPart] = useState<PartOption | null>(line ? partOf(line) : null);
  const [alts, setAlts] = useState<PartOption[]>(line ? altsOf(line) : []);
  return (
    <FormDialog
      open={open}
      title={line ? 'Edit BOM Line' : 'Add BOM Line'}
      schema={bomSave}
      testId="bom-line-dialog"
      defaultValues={{
        product_id: productId,
        part_id: line?.part_id ?? '',
        quantity: line?.quantity ?? '',
        ref: line?.ref ?? '',
        remark: line?.remark ?? '',
        alt_parts: line?.alt_parts ?? [],
      }}
      onClose={onClose}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: line?.id });
        onClose();
      }}
    >
      {(form) => (
        <>
          <Controller
            control={form.control}
            name="part_id"
            render={({ field, fieldState }) => (
              <PartAutocomplete
                label="Manufacturer Part"
                required
                value={part}
                error={fieldState.error?.message}
                testId="field-part_id"
                onChange={(v) => {
                  setPart(v);
                  field.onChange(v?.id ?? '');
                }}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="quantity"
            label="Quantity"
            required
            type="number"
            slotProps={{ htmlInput: { step: 0.000001, min: 0 } }}
          />
          <FormTextField control={form.control} name="ref" label="Ref" />
          <FormTextField control={form.control} name="remark" label="Remark" multiline minRows={2} />
          <Controller
            control={form.control}
            name="alt_parts"
            render={({ field, fieldState }) => (
              <PartsMultiAutocomplete
                label="Alternate Parts"
                value={alts}
                exclude={part?.id}
                error={fieldState.error?.message}
                testId="field-alt_parts"
                onChange={(v) => {
                  setAlts(v);
                  field.onChange(v.map((o) => o.id));
                }}
              />
            )}
          />
        </>
      )}
    </FormDialog>
  );
}
