import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { PoRow } from '@bpm/contract/purchase-order-reads';
import {
  formatAmount,
  PAYMENT_LABELS,
  PAYMENT_STATES,
  PO_STATUS_LABELS,
  PO_STATUSES,
} from '@bpm/contract/purchase-orders';
import { Box, TableCell } from '@mui/material';
import { useMemo } from 'react';
import { useCan } from '../../api/auth-store';
import { usePurchaseOrders, useSupplierOptions } from '../../api/purchase-orders';
import type { Column } from '../../components/DataTable';
import { AutocompleteFilter } from '../../components/filters/AutocompleteFilter';
import { ClearFilterButton, RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDate, formatMoney } from '../../components/format';
import { AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { ApprovalInbox } from './ApprovalInbox';
import { PoStatusChip } from './PoStatusChip';

const DEFAULTS = {
  search: '',
  supplier: -1,
  from: null as number | null,
  to: null as number | null,
  status: 'all',
  paid: 'all',
  sort: 'po_date',
  order: 'desc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

const ALL_SUPPLIERS = { id: -1, name: 'All Suppliers' };

/** /purchaseorders (document 2 section 2): filters, sort, paging and state remembered between visits. */
export default function PurchaseOrdersPage() {
  const can = useCan();
  const { state: s, set, reset, filter, paging } = useListPageState('purchaseOrderPage', DEFAULTS);
  const suppliersAllowed = can('suppliers.manage');
  const suppliers = useSupplierOptions(suppliersAllowed);
  const options = useMemo(() => (suppliers.data ?? []).map((x) => ({ id: x.id, name: x.name })), [suppliers.data]);
  const q = usePurchaseOrders({
    search: s.search,
    supplier: s.supplier > 0 ? s.supplier : undefined,
    start: s.from ?? undefined,
    end: s.to ?? undefined,
    status: s.status,
    paid: s.paid,
    sort: s.sort,
    order: s.order,
    ...paging,
  });
  const columns: Column<PoRow>[] = [
    {
      key: 'po_number',
      header: 'PO Number',
      sortKey: 'po_number',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.po_number}</span>,
    },
    {
      key: 'po_date',
      header: 'PO Date',
      sortKey: 'po_date',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(r.po_date)}</span>,
    },
    { key: 'supplier_name', header: 'Supplier', sortKey: 'supplier_name' },
    { key: 'requisitioner', header: 'Requisitioner', sortKey: 'requisitioner' },
    { key: 'department', header: 'Department', sortKey: 'department' },
    { key: 'due_date', header: 'Due Date', sortKey: 'due_date', render: (r) => formatDate(r.due_date) },
    // Each PO's own currency, and the USD figure the Amount sort orders by (POs in different currencies compare).
    {
      key: 'currency_amount',
      header: 'Amount',
      align: 'right',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.currency} ${formatAmount(r.currency_amount)}`}</span>,
    },
    {
      key: 'amount',
      header: 'Amount (USD)',
      sortKey: 'amount',
      align: 'right',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.amount, 'US$')}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (r) => <PoStatusChip status={r.status} reason={r.cancelled_reason} />,
    },
    { key: 'paid', header: 'Payment', sortKey: 'paid', render: (r) => PAYMENT_LABELS[r.paid] },
  ];
  return (
    <ListPage
      title="Purchase Orders"
      actions={
        can('purchaseOrders.save') && (
          <AddButton to="/purchaseorders/add" testId="po-add">
            New Purchase Order
          </AddButton>
        )
      }
      filters={
        <>
          {/* The approver (who approves but does not edit) lands here: their inbox comes first. */}
          {can('purchaseOrders.approve') && !can('purchaseOrders.save') && <ApprovalInbox />}
          <FilterRow>
            <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="po-search" />
            {suppliersAllowed && (
              <AutocompleteFilter
                label="Supplier"
                options={options}
                value={s.supplier}
                onChange={(id) => filter({ supplier: id ?? -1 })}
                allOption={ALL_SUPPLIERS}
                loading={suppliers.isLoading}
                testId="po-supplier"
              />
            )}
            <DateRange value={{ from: s.from, to: s.to }} onChange={(v) => filter(v)} testId="po-dates" />
            <ClearFilterButton onClick={reset} testId="po-clear" />
          </FilterRow>
          <FilterRow>
            <RadioGroupFilter
              label="Status"
              value={s.status}
              onChange={(status) => filter({ status })}
              options={[
                { value: 'all', label: 'All' },
                ...PO_STATUSES.map((v) => ({ value: v, label: PO_STATUS_LABELS[v] })),
              ]}
              testId="po-status"
            />
            <RadioGroupFilter
              label="Payment Status"
              value={s.paid}
              onChange={(paid) => filter({ paid })}
              options={[
                { value: 'all', label: 'All' },
                ...PAYMENT_STATES.map((v) => ({ value: String(v), label: PAYMENT_LABELS[v] })),
              ]}
              testId="po-paid"
            />
          </FilterRow>
        </>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        emptyOnError
        fallbackSort={{ sort: 'po_date', order: 'desc' }}
        testId="po-table"
        aria-label="Purchase Orders"
        columns={columns}
        rowKey={(r) => r.id}
        rowTint={(r) => (r.status === 'cancelled' ? '#ffcdd2' : undefined)}
        rowHref={(r) => `/purchaseorders/edit/${r.id}`}
        emptyText="No purchase orders found"
        summaryRow={
          q.data && q.data.total > 0
            ? (visible: string[], layout: 'table' | 'cards') => (
                <TotalCells counted={q.data!.counted} amount={q.data!.amount} visible={visible} layout={layout} />
              )
            : undefined
        }
      />
    </ListPage>
  );
}

/** The total row: the POs but the cancelled ones and their USD sum, under the Amount (USD) column. */
function TotalCells({
  counted,
  amount,
  visible,
  layout,
}: {
  counted: number;
  amount: number;
  visible: string[];
  layout: 'table' | 'cards';
}) {
  const label = `Total (${counted} purchase orders, cancelled excluded)`;
  const usd = formatMoney(amount, 'US$');
  if (layout === 'cards')
    return (
      <>
        <Box data-testid="po-total-count">{label}</Box>
        <Box data-testid="po-total">{usd}</Box>
      </>
    );
  const at = visible.indexOf('amount');
  const lead = at < 1 ? 1 : at;
  return (
    <>
      <TableCell colSpan={lead} data-testid="po-total-count">
        {label}
      </TableCell>
      <TableCell align="right" data-testid="po-total" sx={{ whiteSpace: 'nowrap' }}>
        {usd}
      </TableCell>
      {visible.length > lead + 1 && <TableCell colSpan={visible.length - lead - 1} />}
    </>
  );
}
