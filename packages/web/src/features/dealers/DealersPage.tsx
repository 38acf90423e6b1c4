import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { DealerRow } from '@bpm/contract/dealers';
import { can } from '@bpm/contract/permissions';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import { useDealers } from '../../api/dealers';
import { useCurrentUser } from '../../app/auth-store';
import { type Column, DataTable } from '../../components/DataTable';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../components/use-persistent-state';

const DEFAULTS = { search: '', sort: 'name', order: 'asc' as 'asc' | 'desc', page: 0, pageSize: DEFAULT_PAGE_SIZE };

/** /dealers (document 1 section 2.10). */
export default function DealersPage() {
  const { user_role } = useCurrentUser();
  const [s, set] = usePersistentState('dealerPage', DEFAULTS);
  const navigate = useNavigate();
  const q = useDealers({
    search: s.search,
    sort: s.sort,
    order: s.order,
    limit: s.pageSize,
    offset: s.page * s.pageSize,
  });
  const columns: Column<DealerRow>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', width: 70 },
    { key: 'name', header: 'Name', sortKey: 'name' },
    { key: 'prefix', header: 'Prefix', sortKey: 'prefix' },
    { key: 'country', header: 'Country', sortKey: 'country' },
    { key: 'email', header: 'E-mail', sortKey: 'email' },
    { key: 'phone', header: 'Phone' },
    { key: 'discount', header: 'Discount', sortKey: 'discount', align: 'right', render: (d) => `${d.discount}%` },
    { key: 'payment_terms', header: 'Payment Terms', sortKey: 'payment_terms' },
    {
      key: 'credit_limit',
      header: 'Credit Limit',
      sortKey: 'credit_limit',
      align: 'right',
      render: (d) => formatMoney(d.credit_limit, 'US$'),
    },
  ];
  return (
    <Box>
      <PageHeader
        title="Dealers"
        actions={
          // 'New dealer' is for administrator and sale only (document 1 section 2.10).
          (user_role === 'administrator' || user_role === 'sale') && can(user_role, 'dealers.save') ? (
            <Button
              component={Link}
              to="/dealers/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="dealer-add"
            >
              New dealer
            </Button>
          ) : undefined
        }
      />
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchBox value={s.search} onChange={(search) => set({ search, page: 0 })} testId="dealers-search" />
      </Stack>
      <DataTable
        testId="dealers-table"
        aria-label="Dealers"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(d) => d.id}
        page={s.page}
        pageSize={s.pageSize}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(pageSize) => set({ pageSize, page: 0 })}
        sort={{ sort: s.sort, order: s.order }}
        onSortChange={(v) => set({ sort: v.sort ?? 'name', order: v.order ?? 'asc', page: 0 })}
        onRowClick={(d) => navigate(`/dealers/edit/${d.id}`)}
        emptyText="No dealers found"
      />
    </Box>
  );
}
