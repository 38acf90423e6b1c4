import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import type { Supplier } from '@bpm/contract/suppliers';
import { exportSuppliersCsv, useSuppliers } from '../../api/suppliers';
import type { Column } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SearchBox } from '../../components/filters/SearchBox';
import { AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = {
  search: '',
  sort: 'name' as string,
  order: 'asc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /suppliers (administrator, purchase): vendor records (document 2 section 2). */
export default function SuppliersPage() {
  const { state: s, set, filter, paging } = useListPageState('suppliers', DEFAULTS);
  const params = { search: s.search, sort: s.sort || undefined, order: s.order, ...paging };
  const q = useSuppliers(params);
  const columns: Column<Supplier>[] = [
    { key: 'name', header: 'Name', sortKey: 'name' },
    { key: 'contact_person', header: 'Contact Person', sortKey: 'contact_person' },
    { key: 'email', header: 'Email', sortKey: 'email' },
    { key: 'phone', header: 'Phone', sortKey: 'phone' },
    { key: 'address', header: 'Address' },
  ];
  return (
    <ListPage
      title="Suppliers"
      actions={
        <>
          <ExportCsvButton download={exportSuppliersCsv} params={params} />
          <AddButton to="/suppliers/add" testId="supplier-add">
            New Supplier
          </AddButton>
        </>
      }
      filters={
        <FilterRow>
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="suppliers-search" />
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: 'name', order: 'asc' }}
        testId="suppliers-table"
        aria-label="Suppliers"
        columns={columns}
        rowKey={(r) => r.id}
        rowHref={(r) => `/suppliers/edit/${r.id}`}
        rowLabel={(r) => `Supplier ${r.name}`}
        emptyText="No suppliers found"
      />
    </ListPage>
  );
}
