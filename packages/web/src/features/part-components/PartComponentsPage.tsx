import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { PartComponent } from '@bpm/contract/part-components';
import { exportPartComponentsCsv, usePartComponents } from '../../api/part-components';
import type { Column } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type ActiveStatus, ActiveStatusFilter, ClearFilterButton } from '../../components/filters/ChoiceFilters';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatUnitPrice } from '../../components/format';
import { ActiveChip, AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = {
  search: '',
  status: 'all' as ActiveStatus,
  sort: '' as string,
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /partComponents (administrator, purchase): purchasable parts (document 2 section 2). */
export default function PartComponentsPage() {
  const { state: s, set, reset, filter, paging } = useListPageState('partComponents', DEFAULTS);
  const params = {
    search: s.search,
    status: s.status,
    sort: s.sort || undefined,
    order: s.sort ? s.order : undefined,
    ...paging,
  };
  const q = usePartComponents(params);
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
      render: (p) => <ActiveChip active={p.active} />,
    },
  ];
  return (
    <ListPage
      title="Part Components"
      actions={
        <>
          <ExportCsvButton download={exportPartComponentsCsv} params={params} />
          <AddButton to="/partComponents/add" testId="part-add">
            New Component
          </AddButton>
        </>
      }
      filters={
        <FilterRow stackBelow="sm">
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="parts-search" />
          <ActiveStatusFilter value={s.status} onChange={(status) => filter({ status })} testId="parts-status" />
          <ClearFilterButton onClick={reset} />
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: '', order: 'asc' }}
        testId="parts-table"
        aria-label="Part components"
        columns={columns}
        rowKey={(p) => p.id}
        rowHref={(p) => `/partComponents/edit/${p.id}`}
        emptyText="No part components found"
      />
    </ListPage>
  );
}
