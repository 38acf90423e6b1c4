import { MSG } from '@bpm/contract/messages';
import type { PartComponent } from '@bpm/contract/part-components';
import { poLine } from '@bpm/contract/purchase-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { FormLine } from './PartsGrid';

/** The Add Part dialog's values: the chosen part, quantity and price (as typed) and remarks. */
export interface AddPartValues {
  part: PartComponent | null;
  quantity: string;
  price: string;
  remarks: string;
}

export const EMPTY_ADD_PART: AddPartValues = { part: null, quantity: '', price: '', remarks: '' };

/** The line the chosen part makes: its name (the description, else the part number) and unit (else pcs). */
const lineOf = (part: PartComponent, v: AddPartValues): FormLine => ({
  part: part.id,
  manuf_part_number: part.manuf_part_number,
  part_name: part.description || part.manuf_part_number,
  price_UI: Number(v.price),
  quantity: Number(v.quantity),
  unit: part.unit || 'pcs',
  remarks: v.remarks,
});

/** The dialog's field a poLine issue belongs to: the part's name, number and unit come from the part. */
const FIELD_OF: Record<string, keyof AddPartValues> = {
  part: 'part',
  part_name: 'part',
  manuf_part_number: 'part',
  unit: 'part',
  price_UI: 'price',
  quantity: 'quantity',
  remarks: 'remarks',
};

const validateLine = zodResolver(poLine);

/**
 * An empty part, quantity or price is required (MSG.required); otherwise the line checks as the contract's poLine
 * (PO_MSG.quantity, PO_MSG.price, …). Answers the FormLine to add.
 */
export const addPartResolver: Resolver<AddPartValues, unknown, FormLine> = async (values, ctx, opts) => {
  const errors: FieldErrors<AddPartValues> = {};
  const required = { type: 'required', message: MSG.required };
  if (!values.part) errors.part = required;
  if (values.quantity.trim() === '') errors.quantity = required;
  if (values.price.trim() === '') errors.price = required;
  const part = values.part;
  const body = {
    part: part?.id,
    manuf_part_number: part?.manuf_part_number,
    part_name: part ? part.description || part.manuf_part_number : '-',
    unit: part?.unit,
    price_UI: values.price,
    quantity: values.quantity,
    remarks: values.remarks,
  };
  const r = await validateLine(body, ctx, opts as never);
  for (const [name, e] of Object.entries(r.errors)) {
    const field = FIELD_OF[name];
    if (field && !errors[field] && e?.message) errors[field] = { type: 'validate', message: String(e.message) };
  }
  if (Object.keys(errors).length || !part) return { values: {}, errors };
  return { values: lineOf(part, values), errors: {} };
};
