import type { OrderRow, OrderSummary, ShippingOrderRow } from '@bpm/contract/order-reads';
import { ORDER_PAGE_STORAGE_KEY, SHIPPING_STATUS_COLORS, type ShippingStatus } from '@bpm/contract/orders';
import { Box, Chip, TableCell } from '@mui/material';
import type { ReactNode } from 'react';
import { useDocVariant } from '../../api/orders';
import { exportOrdersCsv, exportRoleOrdersCsv, useOrdersList, useRoleOrdersList } from '../../api/orders-list';
import type { Column } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { formatDate, formatMoney } from '../../components/format';
import { AddButton, ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { paymentUrgency, shippingUrgency } from '../../components/order-urgency';
import { UrgencyChip } from '../../components/UrgencyChip';
import { OrdersListFilters } from './OrdersListFilters';
import { ORDER_LIST_DEFAULTS, orderListQuery } from './orders-list-state';

const ORANGE = '#ffe0b2';
const RED = '#ffcdd2';

function StatusChip({ status }: { status: ShippingStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={SHIPPING_STATUS_COLORS[status] ?? 'default'}
      data-testid="order-status"
      sx={{ textTransform: 'capitalize' }}
    />
  );
}

/** /orders: the sales/administrator list, or the shared shipping/production layout. */
export default function OrdersListPage() {
  const variant = useDocVariant();
  if (variant !== 'sales') return <RoleOrdersList role={variant} />;
  return <SalesOrdersList />;
}

const money = (v: number) => formatMoney(v, 'US$');
/** Keeps short values on one line; the table scrolls sideways instead of growing tall rows. */
const nw = (v: ReactNode) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {v}
  </Box>
);

/** Document 1 section 2.6. */
function SalesOrdersList() {
  const { state: s, set, reset, filter } = useListPageState(ORDER_PAGE_STORAGE_KEY, ORDER_LIST_DEFAULTS);
  const q = useOrdersList(orderListQuery(s, { payment: true }));
  const columns: Column<OrderRow>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', width: 70 },
    { key: 'date', header: 'Date', sortKey: 'date', render: (r) => nw(formatDate(r.date)) },
    { key: 'dealer_name', header: 'Dealer', sortKey: 'dealer_name' },
    { key: 'oc_ref', header: 'OC Ref', sortKey: 'oc_ref', render: (r) => nw(r.oc_ref) },
    { key: 'invoice', header: 'Invoice', sortKey: 'invoice', render: (r) => nw(r.invoice) },
    { key: 'value', header: 'Value', sortKey: 'value', align: 'right', render: (r) => nw(money(r.value)) },
    {
      key: 'shipping_cost',
      header: 'Shipping Cost',
      sortKey: 'shipping_cost',
      align: 'right',
      defaultHidden: true,
      render: (r) => nw(money(r.shipping_cost)),
    },
    {
      key: 'sales',
      header: 'Sales',
      sortKey: 'sales',
      align: 'right',
      defaultHidden: true,
      render: (r) => nw(money(r.sales)),
    },
    {
      key: 'payment_received',
      header: 'Received',
      sortKey: 'payment_received',
      align: 'right',
      defaultHidden: true,
      render: (r) => nw(money(r.payment_received)),
    },
    {
      key: 'outstanding',
      header: 'Outstanding',
      sortKey: 'outstanding',
      align: 'right',
      render: (r) => nw(money(r.outstanding)),
    },
    {
      key: 'shipping_status',
      header: 'Shipping',
      sortKey: 'shipping_status',
      render: (r) => <StatusChip status={r.shipping_status} />,
    },
    {
      key: 'payment_status',
      header: 'Payment',
      sortKey: 'payment_status',
      render: (r) =>
        nw(
          <>
            {r.payment_status === 'paid' ? 'Paid' : 'Not Paid'}
            <UrgencyChip urgency={paymentUrgency(r)} what="Payment due" />
          </>,
        ),
    },
    {
      key: 'shipping_date_expected',
      header: 'Expected Shipping',
      sortKey: 'shipping_date_expected',
      render: (r) => nw(formatDate(r.shipping_date_expected)),
    },
    {
      key: 'shipping_awb',
      header: 'AWB',
      sortKey: 'shipping_awb',
      defaultHidden: true,
      render: (r) => nw(r.shipping_awb),
    },
    { key: 'note', header: 'Note', sortKey: 'note', render: (r) => <NoteCell note={r.note} /> },
  ];
  return (
    <ListPage title="Orders">
      <OrdersListFilters
        s={s}
        filter={filter}
        reset={reset}
        payment
        actions={
          <>
            <ExportCsvButton download={exportOrdersCsv} params={orderListQuery(s, { payment: true })} />
            <AddButton to="/orders/add" testId="order-add">
              New order
            </AddButton>
          </>
        }
      />
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'date', order: 'desc' }}
        testId="orders-table"
        aria-label="Orders"
        columns={columns}
        rowKey={(r) => r.id}
        columnsKey={ORDER_PAGE_STORAGE_KEY}
        summaryRow={
          q.data?.summary
            ? (visible: string[], layout: 'table' | 'cards') => (
                <SummaryCells summary={q.data!.summary!} visible={visible} cards={layout === 'cards'} />
              )
            : undefined
        }
        rowTint={(r) => (r.shipping_status === 'cancel' ? RED : r.request_to_delete ? ORANGE : undefined)}
        legend={[
          { color: ORANGE, label: 'Delete requested' },
          { color: RED, label: 'Cancelled' },
        ]}
        rowHref={(r) => `/orders/edit/${r.id}`}
        rowLabel={(r) => `Order ${r.oc_ref || `#${r.id}`}`}
        emptyText="No orders found"
      />
    </ListPage>
  );
}

const TOTAL_LABELS: Record<string, string> = {
  value: 'Value',
  shipping_cost: 'Shipping Cost',
  sales: 'Sales',
  payment_received: 'Received',
  outstanding: 'Outstanding',
};

/** Totals of every matching order, cancelled excluded (computed by the server), under the visible columns. */
function SummaryCells({ summary: t, visible, cards }: { summary: OrderSummary; visible: string[]; cards: boolean }) {
  const totals: Record<string, [number, string]> = {
    value: [t.value, 'orders-summary-value'],
    shipping_cost: [t.shipping_cost, 'orders-summary-shipping'],
    sales: [t.sales, 'orders-summary-sales'],
    payment_received: [t.payment_received, 'orders-summary-received'],
    outstanding: [t.outstanding, 'orders-summary-outstanding'],
  };
  const label = `Total (${t.count} orders, cancelled excluded)`;
  if (cards)
    return (
      <>
        <Box data-testid="orders-summary-count">{label}</Box>
        {visible
          .filter((k) => k in totals)
          .map((k) => (
            <Box key={k} sx={{ display: 'flex', gap: 1 }}>
              <Box sx={{ flex: '0 0 38%', color: 'text.secondary' }}>{TOTAL_LABELS[k]}</Box>
              <Box data-testid={totals[k]![1]}>{money(totals[k]![0])}</Box>
            </Box>
          ))}
      </>
    );
  const firstTotal = visible.findIndex((k) => k in totals);
  // The label spans the columns before the first total (at least one column).
  const lead = firstTotal < 1 ? 1 : firstTotal;
  return (
    <>
      <TableCell colSpan={lead} sx={{ fontWeight: 600 }} data-testid="orders-summary-count">
        {label}
      </TableCell>
      {visible.slice(lead).map((k) => {
        const total = totals[k];
        return total ? (
          <TableCell key={k} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={total[1]}>
            {money(total[0])}
          </TableCell>
        ) : (
          <TableCell key={k} />
        );
      })}
    </>
  );
}

/** A long note takes at most two lines in the list (the whole note is its tooltip and on the order). */
function NoteCell({ note }: { note: string }) {
  return (
    <Box
      component="span"
      title={note}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        minWidth: 120,
        maxWidth: 260,
      }}
    >
      {note}
    </Box>
  );
}

/** Document 1 section 2.7: the shipping and production lists share one layout. */
function RoleOrdersList({ role }: { role: 'shipping' | 'production' }) {
  const { state: s, set, reset, filter } = useListPageState(`${role}OrderPage`, ORDER_LIST_DEFAULTS);
  const q = useRoleOrdersList(role, orderListQuery(s, { payment: false }));
  const columns: Column<ShippingOrderRow>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', width: 70 },
    { key: 'date', header: 'Date', sortKey: 'date', render: (r) => nw(formatDate(r.date)) },
    { key: 'oc_ref', header: 'OC Ref', sortKey: 'oc_ref', render: (r) => nw(r.oc_ref) },
    { key: 'invoice', header: 'Invoice', sortKey: 'invoice', render: (r) => nw(r.invoice) },
    { key: 'note', header: 'Note', sortKey: 'note', render: (r) => <NoteCell note={r.note} /> },
    { key: 'shipping_awb', header: 'AWB', sortKey: 'shipping_awb', render: (r) => nw(r.shipping_awb) },
    {
      key: 'shipping_status',
      header: 'Status',
      sortKey: 'shipping_status',
      render: (r) => <StatusChip status={r.shipping_status} />,
    },
    {
      key: 'shipping_for_today',
      header: 'For Today',
      sortKey: 'shipping_for_today',
      render: (r) => (r.shipping_for_today ? 'Yes' : ''),
    },
    {
      key: 'shipping_date_expected',
      header: 'Expected Shipping',
      sortKey: 'shipping_date_expected',
      render: (r) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {r.shipping_date_expected === '' ? '' : formatDate(r.shipping_date_expected)}
          <UrgencyChip urgency={shippingUrgency(r)} what="Expected shipping" />
        </Box>
      ),
    },
    { key: 'dealer_name', header: 'Dealer Name', sortKey: 'dealer_name' },
  ];
  return (
    <ListPage title="Orders">
      <OrdersListFilters
        s={s}
        filter={filter}
        reset={reset}
        payment={false}
        actions={
          <ExportCsvButton download={exportRoleOrdersCsv(role)} params={orderListQuery(s, { payment: false })} />
        }
      />
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'date', order: 'desc' }}
        testId="orders-table"
        aria-label="Orders"
        columns={columns}
        // An order-list failure shows an empty list.
        emptyOnError
        rowKey={(r) => r.id}
        rowTint={(r) => (r.shipping_status === 'cancel' ? RED : undefined)}
        legend={[{ color: RED, label: 'Cancelled' }]}
        rowHref={(r) => `/orders/edit/${r.id}`}
        rowLabel={(r) => `Order ${r.oc_ref || `#${r.id}`}`}
        emptyText="No orders found"
      />
    </ListPage>
  );
}
