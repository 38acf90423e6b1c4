import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { TEST_STATUS_LABELS } from '@bpm/contract/orders';
import { TEST_FILTERS, type TestOrderRow } from '@bpm/contract/test-checklists';
import { Stack } from '@mui/material';
import { useCan } from '../../api/auth-store';
import { useTestOrders } from '../../api/test-checklists';
import type { Column } from '../../components/DataTable';
import { RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { DocListFilters } from '../../components/filters/DocListFilters';
import { formatDate } from '../../components/format';
import { ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { TestStatusChip } from './TestStatusChip';

const STATUS_OPTIONS = TEST_FILTERS.map((v) => ({
  value: v,
  label: v === 'all' ? 'All' : v === 'passed' ? TEST_STATUS_LABELS.passed : v,
}));

/** /testchecklists: orders with a test status (document 3 section 2.1). qa starts on 'passed'. */
export default function TestOrdersPage() {
  const can = useCan();
  const defaults = {
    search: '',
    dealer: -1,
    from: null as number | null,
    to: null as number | null,
    // QA (the role that signs off) starts on the checklists waiting for it (document 3 section 2.1).
    test_status: can('testChecklists.sign') ? 'passed' : 'all',
    sort: 'date' as string,
    order: 'desc' as 'asc' | 'desc',
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const { state: s, set, filter, paging, reset } = useListPageState('testChecklistPage', defaults);
  const q = useTestOrders({
    search: s.search,
    dealer: s.dealer > 0 ? s.dealer : undefined,
    date_from: s.from ?? undefined,
    date_to: s.to ?? undefined,
    test_status: s.test_status,
    sort: s.sort || undefined,
    order: s.order,
    ...paging,
  });
  const columns: Column<TestOrderRow>[] = [
    { key: 'date', header: 'Date', sortKey: 'date', render: (r) => formatDate(r.date) },
    { key: 'oc_ref', header: 'OC Ref', sortKey: 'oc_ref' },
    { key: 'dealer_name', header: 'Company', sortKey: 'dealer_name' },
    {
      key: 'test_status',
      header: 'Test Status',
      sortKey: 'test_status',
      render: (r) => <TestStatusChip status={r.test_status} />,
    },
  ];
  return (
    <ListPage
      title="Test Checklists"
      filters={
        <Stack spacing={1} sx={{ mb: 2 }}>
          <DocListFilters value={s} onChange={(p) => filter(p)} onClear={() => reset()} testIdPrefix="tests" />
          <RadioGroupFilter
            label="Test Status"
            options={STATUS_OPTIONS}
            value={s.test_status}
            onChange={(test_status) => filter({ test_status })}
            testId="tests-status"
          />
        </Stack>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        emptyOnError
        fallbackSort={{ sort: 'date', order: 'desc' }}
        testId="tests-table"
        aria-label="Test orders"
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => `/testchecklists/${r.id}`}
        emptyText="No orders found"
      />
    </ListPage>
  );
}
