import { SHIPPING_STATUSES } from '@bpm/contract/orders';
import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { ALL_COMPANIES, AutocompleteFilter, type IdName } from '../../components/filters/AutocompleteFilter';
import { CheckboxGroupFilter, ClearFilterButton, RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
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
  set,
  reset,
  dealers,
  dealersLoading,
  payment,
  actions,
}: {
  s: OrderListState;
  set: (patch: Partial<OrderListState>) => void;
  reset: () => void;
  dealers: IdName[];
  dealersLoading?: boolean;
  /** Offer the payment-status radios (sales view). */
  payment: boolean;
  actions?: ReactNode;
}) {
  // Every filter change starts again on the first page.
  const filter = (patch: Partial<OrderListState>) => set({ ...patch, page: 0 });
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
        <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="orders-search" />
        <AutocompleteFilter
          label="Dealer Name"
          options={dealers}
          value={s.dealer}
          onChange={(dealer) => filter({ dealer: dealer ?? -1 })}
          allOption={ALL_COMPANIES}
          loading={dealersLoading}
          testId="orders-dealer"
        />
        <DateRange
          value={{ from: s.from, to: s.to }}
          onChange={(v) => filter({ from: v.from, to: v.to })}
          fromLabel="Start Date"
          toLabel="End Date"
          testId="orders-dates"
        />
        <ClearFilterButton onClick={reset} testId="orders-clear" />
        {actions}
      </Stack>
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
