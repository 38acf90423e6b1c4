import { ORDER_DEFAULT_PAGE_SIZE, SHIPPING_STATUS_COLORS, type ShippingStatus } from '@bpm/contract/orders';
import type { QuotationRow } from '@bpm/contract/quotations';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDealerOptions } from '../../api/dealers';
import { useQuotationsList } from '../../api/orders-list';
import { useCurrentUser } from '../../app/auth-store';
import { type Column, DataTable } from '../../components/DataTable';
import { ALL_COMPANIES, AutocompleteFilter } from '../../components/filters/AutocompleteFilter';
import { ClearFilterButton } from '../../components/filters/ChoiceFilters';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatDate, formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../components/use-persistent-state';

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

function StatusChip({ status }: { status: ShippingStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={SHIPPING_STATUS_COLORS[status] ?? 'default'}
      sx={{ textTransform: 'capitalize' }}
    />
  );
}

/** /quotations (document 1 section 2.9); shipping and production read their own variants. */
export default function QuotationsListPage() {
  const { user_role } = useCurrentUser();
  const prefix = user_role === 'shipping' ? '/shipping' : user_role === 'production' ? '/production' : '';
  const money = prefix !== '/shipping';
  const [s, set, reset] = usePersistentState('quotationPage', DEFAULTS);
  const navigate = useNavigate();
  const dealersQ = useDealerOptions();
  useEffect(() => {
    if (dealersQ.isError && s.dealer !== -1) set({ dealer: -1, page: 0 });
  }, [dealersQ.isError, s.dealer, set]);
  const dealers = useMemo(() => (dealersQ.data ?? []).map((d) => ({ id: d.id, name: d.name })), [dealersQ.data]);
  const q = useQuotationsList(prefix, {
    search: s.search || undefined,
    dealer: s.dealer > 0 ? s.dealer : undefined,
    start: s.from ?? undefined,
    end: s.to ?? undefined,
    sort: s.sort,
    order: s.order,
    limit: s.pageSize,
    offset: s.page * s.pageSize,
  });
  const filter = (patch: Partial<typeof DEFAULTS>) => set({ ...patch, page: 0 });
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
    {
      key: 'shipping_status',
      header: 'Status',
      sortKey: 'shipping_status',
      render: (r) => <StatusChip status={r.shipping_status} />,
    },
    { key: 'order_id', header: 'Order', render: (r) => (r.order_id ? `#${r.order_id}` : '') },
    { key: 'note', header: 'Note' },
  ];
  return (
    <Box>
      <PageHeader title="Quotations" />
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="quotations-search" />
        <AutocompleteFilter
          label="Dealer Name"
          options={dealers}
          value={s.dealer}
          onChange={(dealer) => filter({ dealer: dealer ?? -1 })}
          allOption={ALL_COMPANIES}
          loading={dealersQ.isLoading}
          testId="quotations-dealer"
        />
        <DateRange
          value={{ from: s.from, to: s.to }}
          onChange={(v) => filter({ from: v.from, to: v.to })}
          fromLabel="Start Date"
          toLabel="End Date"
          testId="quotations-dates"
        />
        <ClearFilterButton onClick={reset} testId="quotations-clear" />
        {user_role !== 'shipping' && (
          <Button
            component={Link}
            to="/quotations/add"
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="quotation-add"
          >
            New quotation
          </Button>
        )}
      </Stack>
      <DataTable
        testId="quotations-table"
        aria-label="Quotations"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(r) => r.id}
        page={s.page}
        pageSize={s.pageSize}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(pageSize) => set({ pageSize, page: 0 })}
        sort={{ sort: s.sort, order: s.order }}
        onSortChange={(v) => set({ sort: v.sort ?? 'date', order: v.order ?? 'desc', page: 0 })}
        rowTint={(r) => (r.request_to_delete ? '#ffe0b2' : undefined)}
        onRowClick={(r) => navigate(`/quotations/edit/${r.id}`)}
        emptyText="No quotations found"
      />
    </Box>
  );
}
