import { ORDER_DEFAULT_PAGE_SIZE } from '@bpm/contract/orders';
import type { QuotationRow } from '@bpm/contract/quotations';
import { canReach } from '@bpm/contract/roles';
import { Box, Chip, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCan, useCurrentUser } from '../../api/auth-store';
import { docListPrefix, useDocVariant } from '../../api/orders';
import { exportQuotationsCsv, useQuotationsList } from '../../api/orders-list';
import type { Column } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { DocListFilters } from '../../components/filters/DocListFilters';
import { formatDate, formatMoney } from '../../components/format';
import { AddButton, ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { QUOTATION_STATE_LABELS, type QuotationState, quotationState } from './quotation-status';

const DEFAULTS = {
  search: '',
  dealer: -1,
  from: null as number | null,
  to: null as number | null,
  sort: 'date',
  order: 'desc' as 'asc' | 'desc',
  page: 0,
  pageSize: ORDER_DEFAULT_PAGE_SIZE,
};

const STATE_COLORS: Record<QuotationState, 'default' | 'success' | 'warning' | 'info' | 'error'> = {
  open: 'default',
  confirmed: 'success',
  deleteRequested: 'warning',
  cancelled: 'error',
};

function StatusChip({ row }: { row: QuotationRow }) {
  const state = quotationState(row);
  return (
    <Chip
      size="small"
      label={QUOTATION_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      variant={state === 'open' ? 'outlined' : 'filled'}
      data-testid="quotation-status"
    />
  );
}

/** /quotations (document 1 section 2.9); shipping and production read their own variants. */
export default function QuotationsListPage() {
  const can = useCan();
  const prefix = docListPrefix(useDocVariant());
  // Whoever may create quotations sees their money; shipping reads them without.
  const mayCreate = can('quotations.save') || can('quotations.production');
  const money = mayCreate;
  const role = useCurrentUser().user_role;
  const { state: s, set, reset, filter, paging } = useListPageState('quotationPage', DEFAULTS);
  const params = {
    search: s.search || undefined,
    dealer: s.dealer > 0 ? s.dealer : undefined,
    start: s.from ?? undefined,
    end: s.to ?? undefined,
    sort: s.sort,
    order: s.order,
    ...paging,
  };
  const q = useQuotationsList(prefix, params);
  const columns: Column<QuotationRow>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', width: 70 },
    { key: 'quote_ref', header: 'Quote Ref', sortKey: 'quote_ref' },
    { key: 'date', header: 'Date', sortKey: 'date', render: (r) => formatDate(r.date) },
    { key: 'dealer_name', header: 'Dealer', sortKey: 'dealer_name' },
    { key: 'oc_ref', header: 'OC Ref', sortKey: 'oc_ref' },
    ...(money
      ? [
          {
            key: 'value',
            header: 'Value',
            sortKey: 'value',
            align: 'right' as const,
            render: (r: QuotationRow) => formatMoney(r.value, 'US$'),
          },
        ]
      : []),
    // Open / Confirmed / Delete requested / Cancelled: derived, so not a server sort.
    { key: 'status', header: 'Status', render: (r) => <StatusChip row={r} /> },
    {
      key: 'order_id',
      header: 'Order',
      render: (r) =>
        r.order_id && canReach(role, `/orders/edit/${r.order_id}`) ? (
          <Link component={RouterLink} to={`/orders/edit/${r.order_id}`}>
            #{r.order_id}
          </Link>
        ) : r.order_id ? (
          `#${r.order_id}`
        ) : (
          ''
        ),
    },
    { key: 'note', header: 'Note' },
  ];
  return (
    <ListPage
      title="Quotations"
      filters={
        <Box sx={{ mb: 2 }}>
          <DocListFilters value={s} onChange={filter} onClear={reset} testIdPrefix="quotations">
            <ExportCsvButton download={exportQuotationsCsv(prefix)} params={params} />
            {mayCreate && (
              <AddButton to="/quotations/add" testId="quotation-add">
                New quotation
              </AddButton>
            )}
          </DocListFilters>
        </Box>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'date', order: 'desc' }}
        testId="quotations-table"
        aria-label="Quotations"
        columns={columns}
        rowKey={(r) => r.id}
        rowTint={(r) => (r.request_to_delete ? '#ffe0b2' : undefined)}
        legend={[{ color: '#ffe0b2', label: 'Delete requested' }]}
        rowHref={(r) => `/quotations/edit/${r.id}`}
        rowLabel={(r) => `Quotation ${r.quote_ref || `#${r.id}`}`}
        emptyText="No quotations found"
      />
    </ListPage>
  );
}
