import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { DealerRow } from '@bpm/contract/dealers';
import { useCan } from '../../api/auth-store';
import { exportDealersCsv, useDealers } from '../../api/dealers';
import type { Column } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SearchBox } from '../../components/filters/SearchBox';
import { formatMoney } from '../../components/format';
import { AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = { search: '', sort: 'name', order: 'asc' as 'asc' | 'desc', page: 0, pageSize: DEFAULT_PAGE_SIZE };

/** /dealers (document 1 section 2.10). */
export default function DealersPage() {
  const can = useCan();
  const { state: s, set, filter, paging } = useListPageState('dealerPage', DEFAULTS);
  const params = { search: s.search, sort: s.sort, order: s.order, ...paging };
  const q = useDealers(params);
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
    <ListPage
      title="Dealers"
      actions={
        // 'New dealer' is for administrator and sale only (document 1 section 2.10).
        <>
          <ExportCsvButton download={exportDealersCsv} params={params} />
          {can('dealers.create') ? (
            <AddButton to="/dealers/add" testId="dealer-add">
              New dealer
            </AddButton>
          ) : undefined}
        </>
      }
      filters={
        <FilterRow>
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="dealers-search" />
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'name', order: 'asc' }}
        testId="dealers-table"
        aria-label="Dealers"
        columns={columns}
        rowKey={(d) => d.id}
        rowHref={(d) => `/dealers/edit/${d.id}`}
        rowLabel={(d) => `Dealer ${d.name}`}
        emptyText="No dealers found"
      />
    </ListPage>
  );
}
