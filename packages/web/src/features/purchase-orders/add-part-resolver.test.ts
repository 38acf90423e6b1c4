import { MSG } from '@bpm/contract/messages';
import type { PartComponent } from '@bpm/contract/part-components';
import { PO_MSG } from '@bpm/contract/purchase-orders';
import { describe, expect, it } from 'vitest';
import { type AddPartValues, addPartResolver, EMPTY_ADD_PART } from './add-part-resolver';

const part = { id: 7, manuf_part_number: 'MPN-1', description: 'Resistor', unit: '' } as PartComponent;
const check = async (v: Partial<AddPartValues>) => {
  const r = await addPartResolver({ ...EMPTY_ADD_PART, ...v }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const messages = Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, e?.message]));
  return { values: r.values, messages };
};

describe('Add Part resolver', () => {
  it('says MSG.required for an empty part, quantity and price', async () => {
    expect((await check({})).messages).toEqual({ part: MSG.required, quantity: MSG.required, price: MSG.required });
  });

  it("checks the line as the contract's poLine", async () => {
    const { messages } = await check({ part, quantity: '0', price: '-1' });
    expect(messages).toEqual({ quantity: PO_MSG.quantity, price: PO_MSG.price });
  });

  it('answers the line to add', async () => {
    const { values, messages } = await check({ part, quantity: '3', price: '1.5', remarks: 'r' });
    expect(messages).toEqual({});
    expect(values).toEqual({
      part: 7,
      manuf_part_number: 'MPN-1',
      part_name: 'Resistor',
      price_UI: 1.5,
      quantity: 3,
      unit: 'pcs',
      remarks: 'r',
    });
  });
});
