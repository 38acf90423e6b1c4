import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { PartComponent } from '@bpm/contract/partComponents';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import { usePartComponents } from '../../api/partComponents';
import { type Column, DataTable } from '../../components/DataTable';
import { ClearFilterButton, RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatUnitPrice } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../components/use-persistent-state';

type Status = 'all' | 'active' | 'inactive';

const DEFAULTS = {
  search: '',
  status: 'all' as Status,
  sort: '' as string,
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** /partComponents (administrator, purchase): purchasable parts (document 2 section 2). */
export default function PartComponentsPage() {
  const [s, set, reset] = usePersistentState('partComponents', DEFAULTS);
  const navigate = useNavigate();
  const q = usePartComponents({
    search: s.search,
    status: s.status,
    sort: s.sort || undefined,
    order: s.sort ? s.order : undefined,
    limit: s.pageSize,
    offset: s.page * s.pageSize,
  });
  const columns: Column<PartComponent>[] = [
    { key: 'manuf_part_number', header: 'Manufacturer Part Number', sortKey: 'manuf_part_number' },
    { key: 'manufacturer', header: 'Manufacturer', sortKey: 'manufacturer' },
    { key: 'description', header: 'Description', sortKey: 'description' },
    {
      key: 'price',
      header: 'Price (USD)',
      sortKey: 'price',
      align: 'right',
      render: (p) => formatUnitPrice(p.price, 'US$'),
    },
    {
      key: 'local_price',
      header: 'Local Price',
      align: 'right',
      render: (p) => (p.local_price == null ? '' : `${formatUnitPrice(p.local_price, '')} ${p.local_currency}`),
    },
    { key: 'unit', header: 'Unit', sortKey: 'unit' },
    {
      key: 'active',
      header: 'Status',
      sortKey: 'active',
      render: (p) =>
        p.active === 1 ? (
          <Chip label="Active" color="success" size="small" variant="outlined" />
        ) : (
          <Chip label="Inactive" size="small" />
        ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title="Part Components"
        actions={
          <Button
            component={Link}
            to="/partComponents/add"
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="part-add"
          >
            New Component
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchBox value={s.search} onChange={(search) => set({ search, page: 0 })} testId="parts-search" />
        <RadioGroupFilter
          options={STATUS_OPTIONS}
          value={s.status}
          onChange={(v) => set({ status: v as Status, page: 0 })}
          testId="parts-status"
        />
        <ClearFilterButton onClick={reset} />
      </Stack>
      <DataTable
        testId="parts-table"
        aria-label="Part components"
        columns={columns}
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(p) => p.id}
        page={s.page}
        pageSize={s.pageSize}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(pageSize) => set({ pageSize, page: 0 })}
        sort={{ sort: s.sort || undefined, order: s.order }}
        onSortChange={(v) => set({ sort: v.sort ?? '', order: v.order ?? 'asc', page: 0 })}
        onRowClick={(p) => navigate(`/partComponents/edit/${p.id}`)}
        emptyText="No part components found"
      />
    </Box>
  );
}
