import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { Supplier } from '@bpm/contract/suppliers';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import { useSuppliers } from '../../api/suppliers';
import { type Column, DataTable } from '../../components/DataTable';
import { SearchBox } from '../../components/filters/SearchBox';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../components/use-persistent-state';

const DEFAULTS = {
  search: '',
  sort: 'name' as string,
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /suppliers (administrator, purchase): vendor records (document 2 section 2). */
export default function SuppliersPage() {
  const [s, set] = usePersistentState('suppliers', DEFAULTS);
  const navigate = useNavigate();
  const q = useSuppliers({
    search: s.search,
    sort: s.sort || undefined,
    order: s.order,
    limit: s.pageSize,
    offset: s.page * s.pageSize,
  });
  const columns: Column<Supplier>[] = [
    { key: 'name', header: 'Name', sortKey: 'name' },
    { key: 'contact_person', header: 'Contact Person', sortKey: 'contact_person' },
    { key: 'email', header: 'Email', sortKey: 'email' },
    { key: 'phone', header: 'Phone', sortKey: 'phone' },
    { key: 'address', header: 'Address' },
  ];
  return (
    <Box>
      <PageHeader
        title="Suppliers"
        actions={
          <Button
            component={Link}
            to="/suppliers/add"
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="supplier-add"
          >
            New Supplier
          </Button>
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <SearchBox value={s.search} onChange={(search) => set({ search, page: 0 })} testId="suppliers-search" />
      </Stack>
      <DataTable
        testId="suppliers-table"
        aria-label="Suppliers"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(r) => r.id}
        page={s.page}
        pageSize={s.pageSize}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(pageSize) => set({ pageSize, page: 0 })}
        sort={{ sort: s.sort || undefined, order: s.order }}
        onSortChange={(v) => set({ sort: v.sort ?? 'name', order: v.order ?? 'asc', page: 0 })}
        onRowClick={(r) => navigate(`/suppliers/edit/${r.id}`)}
        emptyText="No suppliers found"
      />
    </Box>
  );
}
