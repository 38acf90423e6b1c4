import { SHIPPING_STATUSES } from '@bpm/contract/orders';
import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { CheckboxGroupFilter, RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { DocListFilters } from '../../components/filters/DocListFilters';
import type { OrderListState } from './orders-list-state';

const STATUS_OPTIONS = SHIPPING_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));
const PAYMENT_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'not paid', label: 'Not Paid' },
];

/** The filter bar the orders lists share (document 1 sections 2.6 and 2.7). */
export function OrdersListFilters({
  s,
  filter,
  reset,
  payment,
  actions,
}: {
  s: OrderListState;
  /** Sets filters and goes back to the first page (stable: `useListPageState().filter`). */
  filter: (patch: Partial<OrderListState>) => void;
  reset: () => void;
  /** Offer the payment-status radios (sales view). */
  payment: boolean;
  actions?: ReactNode;
}) {
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <DocListFilters value={s} onChange={filter} onClear={reset} testIdPrefix="orders">
        {actions}
      </DocListFilters>
      <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap" alignItems="center">
        <Stack direction="row">
          <FormControlLabel
            label="Shipments for today"
            control={
              <Checkbox
                size="small"
                checked={s.today}
                onChange={(e) => filter({ today: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'orders-today' } as object }}
              />
            }
          />
          <FormControlLabel
            label="Expected Shipping Date is before Today"
            control={
              <Checkbox
                size="small"
                checked={s.beforeToday}
                onChange={(e) => filter({ beforeToday: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'orders-before-today' } as object }}
              />
            }
          />
        </Stack>
        <CheckboxGroupFilter
          options={STATUS_OPTIONS}
          value={s.statuses}
          onChange={(statuses) => filter({ statuses })}
          testId="orders-statuses"
        />
        {payment && (
          <RadioGroupFilter
            options={PAYMENT_OPTIONS}
            value={s.payment}
            onChange={(p) => filter({ payment: p })}
            testId="orders-payment"
          />
        )}
      </Stack>
    </Stack>
  );
}
