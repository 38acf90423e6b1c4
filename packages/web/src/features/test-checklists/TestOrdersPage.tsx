import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { TEST_STATUS_LABELS } from '@bpm/contract/orders';
import { TEST_FILTERS, type TestOrderRow } from '@bpm/contract/test-checklists';
import { Stack, Tab, Tabs } from '@mui/material';
import { useCan } from '../../api/auth-store';
import { useTestOrders } from '../../api/test-checklists';
import type { Column } from '../../components/DataTable';
import { RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { DocListFilters } from '../../components/filters/DocListFilters';
import { formatDate } from '../../components/format';
import { ListPage, ListTable, useListPageState } from '../../components/ListPage';
import { usePersistentState } from '../../components/use-persistent-state';
import { ChecklistQueue } from './ChecklistQueue';
import { TestStatusChip } from './TestStatusChip';

const STATUS_OPTIONS = TEST_FILTERS.map((v) => ({
  value: v,
  label: v === 'all' ? 'All' : v === 'passed' ? TEST_STATUS_LABELS.passed : v,
}));

type View = 'orders' | 'mine' | 'signoff';

/**
 * /testchecklists: the spec's list of orders with a test status (document 3 section 2.1; qa starts it on
 * 'passed'), and beside it the work queues: 'Assigned to me' (where a tester starts) and, for QA, 'Awaiting
 * sign-off'. The chosen view is remembered.
 */
export default function TestOrdersPage() {
  const can = useCan();
  // Whoever enters results has a queue of their own; a tester (who manages no checklist) starts on it.
  const views: View[] = [
    ...(can('testChecklists.result') ? (['mine'] as const) : []),
    'orders',
    ...(can('testChecklists.sign') ? (['signoff'] as const) : []),
  ];
  const first: View = can('testChecklists.result') && !can('testChecklists.manage') ? 'mine' : 'orders';
  const [{ view: chosen }, setView] = usePersistentState('testChecklistView', { view: first as View });
  const view = views.includes(chosen) ? chosen : first;
  return (
    <ListPage title="Test Checklists">
      {views.length > 1 && (
        <Tabs value={view} onChange={(_e, v: View) => setView({ view: v })} sx={{ mb: 2 }} aria-label="Views">
          {views.map((v) => (
            <Tab key={v} value={v} label={VIEW_LABELS[v]} data-testid={`view-${v}`} />
          ))}
        </Tabs>
      )}
      {view === 'orders' ? <TestOrdersList /> : <ChecklistQueue view={view} />}
    </ListPage>
  );
}

const VIEW_LABELS: Record<View, string> = { orders: 'Orders', mine: 'Assigned to me', signoff: 'Awaiting sign-off' };

/** The spec's list of orders with a test status. */
function TestOrdersList() {
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
      key: 'products',
      header: 'Products',
      render: (r) => r.products.map((p) => `${p.name} × ${p.quantity}`).join(', '),
    },
    {
      key: 'test_status',
      header: 'Test Status',
      sortKey: 'test_status',
      render: (r) => <TestStatusChip status={r.test_status} />,
    },
  ];
  return (
    <>
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
    </>
  );
}
