import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { type PackingListRow, PL_MSG } from '@bpm/contract/packing-lists';
import { Box } from '@mui/material';
import { usePackingLists } from '../../api/packing-lists';
import type { Column } from '../../components/DataTable';
import { DocListFilters } from '../../components/filters/DocListFilters';
import { formatDate } from '../../components/format';
import { AddButton, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = {
  search: '',
  dealer: -1,
  from: null as number | null,
  to: null as number | null,
  sort: 'date' as string,
  order: 'desc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /packinglists: serial-number search, dealer filter and date range (document 2 section 2). */
export default function PackingListsPage() {
  const { state: s, set, filter, paging, reset } = useListPageState('packingListPage', DEFAULTS);
  const q = usePackingLists({
    search: s.search,
    dealer: s.dealer > 0 ? s.dealer : undefined,
    date_from: s.from ?? undefined,
    date_to: s.to ?? undefined,
    sort: s.sort || undefined,
    order: s.order,
    ...paging,
  });
  const columns: Column<PackingListRow>[] = [
    { key: 'date', header: 'Date', sortKey: 'date', render: (r) => formatDate(r.date) },
    { key: 'oc_ref', header: 'OC Ref', sortKey: 'oc_ref' },
    { key: 'dealer_name', header: 'Company', sortKey: 'dealer_name' },
    { key: 'po_number', header: 'PO Number', sortKey: 'po_number' },
    {
      key: 'shipping_date',
      header: 'Shipping Date',
      sortKey: 'shipping_date',
      render: (r) => formatDate(r.shipping_date),
    },
    ...(s.search
      ? [
          {
            key: 'matching_serials',
            header: 'Matching Serials',
            render: (r: PackingListRow) => <Box sx={{ whiteSpace: 'pre-line' }}>{r.matching_serials.join('\n')}</Box>,
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="Packing Lists"
      filters={
        <Box sx={{ mb: 2 }}>
          <DocListFilters value={s} onChange={(p) => filter(p)} onClear={() => reset()} testIdPrefix="packing">
            <AddButton to="/packinglists/add" testId="packing-add">
              New Packing List
            </AddButton>
          </DocListFilters>
        </Box>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        emptyOnError
        fallbackSort={{ sort: 'date', order: 'desc' }}
        testId="packing-table"
        aria-label="Packing lists"
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => `/packinglists/edit/${r.id}`}
        emptyText={s.search ? PL_MSG.noMatchingSerials : 'No packing lists found'}
      />
    </ListPage>
  );
}
