import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { TEST_STATUS_LABELS } from '@bpm/contract/orders';
import { QUEUE_FILTERS, type QueueRow } from '@bpm/contract/test-checklists';
import { Stack, TextField } from '@mui/material';
import { useChecklistQueue } from '../../api/test-checklists';
import type { Column } from '../../components/DataTable';
import { RadioGroupFilter } from '../../components/filters/ChoiceFilters';
import { formatDate } from '../../components/format';
import { ListTable, useListPageState } from '../../components/ListPage';
import { SerialLinks } from '../../components/SerialLinks';
import { TestStatusChip } from './TestStatusChip';

const STATUS_OPTIONS = QUEUE_FILTERS.map((v) => ({
  value: v,
  label: v === 'open' ? 'To do' : v === 'all' ? 'All' : TEST_STATUS_LABELS[v],
}));

/** Where a queue row's checklist opens: its order's checklist page, or the stock one. */
const checklistPath = (r: QueueRow) =>
  r.order_id != null ? `/testchecklists/test/${r.id}` : `/stocktestchecklists/test/${r.id}`;

/**
 * A work queue beside the spec's order list (docs/decisions.md, Test checklists): 'Assigned to me' — the caller's
 * checklists, order and stock, by status ('To do' first) — or 'Awaiting sign-off' — passed order checklists
 * across orders, for QA. A row opens the checklist.
 */
export function ChecklistQueue({ view }: { view: 'mine' | 'signoff' }) {
  const defaults = {
    search: '',
    test_status: 'open',
    sort: '' as string,
    order: 'desc' as 'asc' | 'desc',
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const { state: s, set, filter, paging } = useListPageState(`testChecklistQueue-${view}`, defaults);
  const q = useChecklistQueue({ view, test_status: s.test_status, search: s.search, ...paging });
  const columns: Column<QueueRow>[] = [
    { key: 'product_code', header: 'Product', render: (r) => `${r.product_code} · ${r.product_name}` },
    { key: 'oc_ref', header: 'Order', render: (r) => (r.order_id != null ? r.oc_ref || `#${r.order_id}` : 'Stock') },
    { key: 'dealer_name', header: 'Company', render: (r) => r.dealer_name ?? '-' },
    { key: 'serials', header: 'Serials', render: (r) => <SerialLinks serials={r.serials} empty="-" /> },
    { key: 'quantity', header: 'Quantity' },
    { key: 'test_by_name', header: 'Test By' },
    { key: 'status', header: 'Status', render: (r) => <TestStatusChip status={r.status} /> },
    { key: 'updated_at', header: 'Updated', render: (r) => formatDate(r.updated_at) },
  ];
  return (
    <>
      <Stack spacing={1} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Search"
          value={s.search}
          onChange={(e) => filter({ search: e.target.value })}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': `queue-${view}-search` } }}
        />
        {view === 'mine' && (
          <RadioGroupFilter
            label="Test Status"
            options={STATUS_OPTIONS}
            value={s.test_status}
            onChange={(test_status) => filter({ test_status })}
            testId="queue-status"
          />
        )}
      </Stack>
      <ListTable
        state={s}
        set={set}
        query={q}
        emptyOnError
        fallbackSort={{ sort: '', order: 'desc' }}
        testId={`queue-${view}`}
        aria-label={view === 'mine' ? 'Checklists assigned to me' : 'Checklists awaiting sign-off'}
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={checklistPath}
        emptyText={view === 'mine' ? 'Nothing assigned to you' : 'Nothing waits for sign-off'}
      />
    </>
  );
}
