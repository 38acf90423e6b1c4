import { ORDER_NOTE_LINES, PAYMENT_STATUSES } from '@bpm/contract/orders';
import { Box, MenuItem } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/FormTextField';
import { paymentUrgency } from '../../../../components/order-urgency';
import { UrgencyChip } from '../../../../components/UrgencyChip';
import { DateField, MoneyField } from '../fields';
import type { SalesDocFormApi } from '../useSalesDocForm';
import { Grid, Section } from './layout';

/** Payment status, dates and amounts (sales and administrator only). */
export function PaymentSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable } = f;
  const [paymentStatus, due, shippingStatus] = useWatch({
    control,
    name: ['payment_status', 'payment_due_date', 'shipping_status'],
  });
  // As on the orders list: an unpaid, not cancelled order near or past its due date (never a quotation).
  const urgency =
    f.kind === 'order'
      ? paymentUrgency({
          payment_status: paymentStatus,
          payment_due_date: due,
          shipping_status: shippingStatus,
        })
      : null;
  const money = (name: Parameters<typeof MoneyField>[0]['name'], label: string) => (
    <MoneyField control={control} name={name} label={label} disabled={!editable(name)} />
  );
  return (
    <Section title="Payment">
      <Grid>
        <FormTextField
          control={control}
          name="payment_status"
          label="Payment status"
          select
          disabled={!editable('payment_status')}
        >
          {PAYMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </FormTextField>
        <DateField
          control={control}
          name="payment_due_date"
          label="Payment due date"
          disabled={!editable('payment_due_date')}
          note={urgency && <UrgencyChip urgency={urgency} what="Payment due" />}
        />
        <DateField control={control} name="payment_date" label="Payment date" disabled={!editable('payment_date')} />
        {money('payment_advance', 'Payment advance')}
        {money('payment_full', 'Payment full')}
        {money('payment_received', 'Payment received')}
        {money('outstanding', 'Outstanding')}
        {money('outstanding_shipped', 'Outstanding shipped')}
      </Grid>
    </Section>
  );
}

/** The document's note and the OC/invoice note. */
export function NotesSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable } = f;
  return (
    <Section title="Notes">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <FormTextField
          control={control}
          name="note"
          label="Note"
          multiline
          rows={ORDER_NOTE_LINES}
          fullWidth
          disabled={!editable('note')}
        />
        <FormTextField
          control={control}
          name="invoice_note"
          label="OC/Invoice Note"
          multiline
          rows={6}
          fullWidth
          disabled={!editable('invoice_note')}
        />
      </Box>
    </Section>
  );
}
