import { SHIPPING_STATUS_COLORS, type ShippingStatus, statusLocked } from '@bpm/contract/orders';
import { Checkbox, Chip, FormControlLabel, MenuItem } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/FormTextField';
import { shippingUrgency } from '../../../../components/order-urgency';
import { UrgencyChip } from '../../../../components/UrgencyChip';
import { todayStart } from '../doc-form';
import { CheckField, DateField, MoneyField } from '../fields';
import type { SalesDocFormApi } from '../useSalesDocForm';
import { Grid, Section } from './layout';

/** Status, AWB, weight, dates and shipping costs (document 1 section 4.1). */
export function ShippingSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable, info, status, awb } = f;
  const expected = useWatch({ control, name: 'shipping_date_expected' });
  const locked = statusLocked(awb);
  const expectedShown = f.expectedOn || expected != null;
  // As on the orders lists: a not-done, not-cancelled order near or past its expected shipping date.
  const urgency =
    f.kind === 'order' ? shippingUrgency({ shipping_status: status, shipping_date_expected: expected }) : null;
  const statusOptions: ShippingStatus[] = info.statuses.includes(status)
    ? [...info.statuses]
    : [status, ...info.statuses];
  return (
    <Section title="Shipping">
      <Grid>
        <FormTextField
          control={control}
          name="shipping_status"
          label="Shipping status"
          select
          disabled={!editable('shipping_status') || locked}
          helperText={locked && editable('shipping_status') ? 'Locked: an AWB is entered' : undefined}
          slotProps={{
            select: {
              renderValue: (v: unknown) => (
                <Chip
                  size="small"
                  label={String(v)}
                  color={SHIPPING_STATUS_COLORS[v as ShippingStatus] ?? 'default'}
                  data-testid="status-chip"
                />
              ),
            },
          }}
        >
          {statusOptions.map((s) => (
            <MenuItem key={s} value={s} disabled={!info.statuses.includes(s)}>
              <Chip size="small" label={s} color={SHIPPING_STATUS_COLORS[s]} />
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="shipping_awb" label="AWB" disabled={!editable('shipping_awb')} />
        <FormTextField
          control={control}
          name="shipping_weight"
          label="Shipping weight"
          disabled={!editable('shipping_weight')}
        />
        <DateField control={control} name="shipping_date" label="Shipping date" disabled={!editable('shipping_date')} />
        <CheckField
          control={control}
          name="shipping_for_today"
          label="Shipments for today"
          disabled={!editable('shipping_for_today') || status === 'done'}
        />
        <FormControlLabel
          label="Expected shipping date"
          disabled={!editable('shipping_date_expected') || status === 'done'}
          control={
            <Checkbox
              checked={expectedShown}
              onChange={(_, c) => {
                f.setExpectedOn(c);
                f.setValue('shipping_date_expected', c ? todayStart() : null, { shouldDirty: true });
              }}
              slotProps={{ input: { 'data-testid': 'field-expected-toggle' } as object }}
            />
          }
        />
        <DateField
          control={control}
          name="shipping_date_expected"
          label="Expected shipping date"
          disabled={!editable('shipping_date_expected') || !expectedShown}
          note={urgency && <UrgencyChip urgency={urgency} what="Expected shipping" />}
        />
        <CheckField
          control={control}
          name="distributor_shipments"
          label="Distributor shipments"
          disabled={!editable('distributor_shipments')}
        />
        {info.shippingCosts && (
          <MoneyField
            control={control}
            name="actual_shipping_cost"
            label="Actual shipping cost"
            disabled={!editable('actual_shipping_cost')}
          />
        )}
        {info.shippingCosts && !info.money && (
          <MoneyField
            control={control}
            name="shipping_cost"
            label="Shipping cost"
            disabled={!editable('shipping_cost')}
          />
        )}
      </Grid>
    </Section>
  );
}
