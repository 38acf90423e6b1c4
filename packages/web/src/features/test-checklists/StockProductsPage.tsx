import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { TEST_STATUS_LABELS } from '@bpm/contract/orders';
import { STOCK_TEST_FILTERS, type StockProduct } from '@bpm/contract/test-checklists';
import { Stack } from '@mui/material';
import { useStockProducts } from '../../api/test-checklists';
import type { Column } from '../../components/DataTable';
import { ActiveStatusFilter, ClearFilterButton, RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { SearchBox } from '../../components/filters/SearchBox';
import { ActiveChip, ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { TestStatusChip } from './TestStatusChip';

const DEFAULTS = {
  search: '',
  active: 'all' as 'all' | 'active' | 'inactive',
  test_status: 'all',
  sort: 'product_code' as string,
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

const STATUS_OPTIONS = STOCK_TEST_FILTERS.map((v) => ({
  value: v,
  label: v === 'all' ? 'All' : v === 'passed' ? TEST_STATUS_LABELS.passed : v,
}));

/** /stocktestchecklists: products with their stock test status (document 3 section 2.2). */
export default function StockProductsPage() {
  const { state: s, set, filter, paging, reset } = useListPageState('stockTestChecklistPage', DEFAULTS);
  const q = useStockProducts({
    search: s.search,
    active: s.active,
    test_status: s.test_status,
    sort: s.sort || undefined,
    order: s.order,
    ...paging,
  });
  const columns: Column<StockProduct>[] = [
    { key: 'product_code', header: 'Product Code', sortKey: 'product_code' },
    { key: 'hs_code', header: 'HS Code', sortKey: 'hs_code' },
    { key: 'desc', header: 'Description', sortKey: 'desc' },
    { key: 'test_quantity', header: 'Test Quantity', sortKey: 'test_quantity', align: 'right' },
    {
      key: 'test_status',
      header: 'Test Status',
      sortKey: 'test_status',
      render: (r) => <TestStatusChip status={r.test_status} />,
    },
    { key: 'active', header: 'Active', sortKey: 'active', render: (r) => <ActiveChip active={r.active} /> },
  ];
  return (
    <ListPage
      title="Stock Test Checklists"
      filters={
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
            <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="stock-search" />
            <ClearFilterButton onClick={() => reset()} testId="stock-clear" />
          </Stack>
          <ActiveStatusFilter
            label="Product Status"
            value={s.active}
            onChange={(active) => filter({ active })}
            testId="stock-active"
          />
          <RadioGroupFilter
            label="Test Status"
            options={STATUS_OPTIONS}
            value={s.test_status}
            onChange={(test_status) => filter({ test_status })}
            testId="stock-status"
          />
        </Stack>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        emptyOnError
        fallbackSort={{ sort: 'product_code', order: 'asc' }}
        testId="stock-table"
        aria-label="Stock products"
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => `/stocktestchecklists/${r.id}`}
        emptyText="No products found"
      />
    </ListPage>
  );
}
