import { ORDER_NOTE_LINES, PAYMENT_STATUSES } from '@bpm/contract/orders';
import { PAYMENT_HINTS } from '@bpm/contract/payments';
import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/FormTextField';
import { formatMoney } from '../../../../components/format';
import { paymentUrgency } from '../../../../components/order-urgency';
import { UrgencyChip } from '../../../../components/UrgencyChip';
import { formPaymentFigures } from '../doc-form';
import { DateField, MoneyField } from '../fields';
import type { SalesDocFormApi } from '../useSalesDocForm';
import { Grid, Section } from './layout';

/** A figure the server computes on save: shown as it will be stored, read-only, with its rule beneath. */
function ComputedMoney({ name, label, value, rule }: { name: string; label: string; value: number; rule: string }) {
  return (
    <TextField
      label={label}
      value={value.toFixed(2)}
      helperText={rule}
      fullWidth
      slotProps={{
        // Shaded: a figure to read, not a field to type in.
        input: {
          readOnly: true,
          startAdornment: <InputAdornment position="start">US$</InputAdornment>,
          sx: { bgcolor: 'action.hover' },
        },
        htmlInput: { 'data-testid': `field-${name}` },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/** Payment status, dates and amounts (sales and administrator only). */
export function PaymentSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable } = f;
  const [paymentStatus, due, shippingStatus, value, advance, received] = useWatch({
    control,
    name: ['payment_status', 'payment_due_date', 'shipping_status', 'value', 'payment_advance', 'payment_received'],
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
  // What the save will store (the server applies the same rule): shown live as the form changes.
  const figures = formPaymentFigures(
    {
      value,
      payment_status: paymentStatus,
      shipping_status: shippingStatus,
      payment_advance: advance,
      payment_received: received,
    },
    f.kind,
  );
  const typedReceived = Number(received) || 0;
  const receivedHint =
    Number.isFinite(Number(received)) && figures.payment_received !== typedReceived
      ? `${PAYMENT_HINTS.savedAs(formatMoney(figures.payment_received, 'US$'))}: ${PAYMENT_HINTS.received.toLowerCase()}`
      : PAYMENT_HINTS.received;
  const money = (name: Parameters<typeof MoneyField>[0]['name'], label: string, helperText?: string) => (
    <MoneyField control={control} name={name} label={label} disabled={!editable(name)} helperText={helperText} />
  );
  const quotation = f.kind === 'quotation';
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
        {money('payment_advance', 'Payment advance', PAYMENT_HINTS.advance)}
        {money('payment_full', 'Payment full')}
        {money('payment_received', 'Payment received', receivedHint)}
        <ComputedMoney
          name="outstanding"
          label="Outstanding"
          value={figures.outstanding}
          rule={quotation ? PAYMENT_HINTS.quotation : PAYMENT_HINTS.outstanding}
        />
        <ComputedMoney
          name="outstanding_shipped"
          label="Outstanding shipped"
          value={figures.outstanding_shipped}
          rule={quotation ? PAYMENT_HINTS.quotation : PAYMENT_HINTS.outstandingShipped}
        />
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
