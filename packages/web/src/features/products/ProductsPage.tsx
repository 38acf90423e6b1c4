import { DEFAULT_PAGE_SIZE } from '@bpm/contract/common';
import { can } from '@bpm/contract/permissions';
import type { ProductRow } from '@bpm/contract/products';
import { useMemo } from 'react';
import { useCurrentUser } from '../../api/auth-store';
import { useProducts, useProductsCsv } from '../../api/products';
import type { Column } from '../../components/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type ActiveStatus, ActiveStatusFilter, ClearFilterButton } from '../../components/filters/ChoiceFilters';
import { DateRange } from '../../components/filters/DateRange';
import { SearchBox } from '../../components/filters/SearchBox';
import { defaultStatisticsWindow, formatMoney, formatUnitPrice } from '../../components/format';
import { ActiveChip, AddButton, FilterRow, ListPage, ListTable, useListPageState } from '../../components/ListPage';

const DEFAULTS = {
  search: '',
  status: 'all' as ActiveStatus,
  // null = the default window (one month back to the end of today), recomputed every visit.
  from: null as number | null,
  to: null as number | null,
  sort: '' as string,
  order: 'desc' as 'asc' | 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** /products: the catalogue with units sold and revenue in the sales window (document 2 section 2). */
export default function ProductsPage() {
  const { state: s, set, reset, filter, paging } = useListPageState('products', DEFAULTS);
  const user = useCurrentUser();
  const window = useMemo(() => defaultStatisticsWindow(), []);
  const from = s.from ?? window.from;
  const to = s.to ?? window.to;
  const params = {
    search: s.search,
    status: s.status,
    StartDate: from,
    EndDate: to,
    sort: s.sort || undefined,
    order: s.sort ? s.order : undefined,
    ...paging,
  };
  const q = useProducts(params);
  const exportCsv = useProductsCsv();

  const columns: Column<ProductRow>[] = [
    { key: 'product_code', header: 'Product Code', sortKey: 'product_code' },
    { key: 'desc', header: 'Description', sortKey: 'desc' },
    { key: 'hs_code', header: 'HS Code', sortKey: 'hs_code' },
    { key: 'msrp', header: 'MSRP', sortKey: 'msrp', align: 'right', render: (p) => formatMoney(p.msrp, 'US$') },
    { key: 'discount', header: 'Discount %', sortKey: 'discount', align: 'right', render: (p) => p.discount },
    // Sales statistics are not for shipping and purchase (the server leaves them out).
    ...(can(user.user_role, 'products.manage')
      ? [
          { key: 'units_sold', header: 'Units Sold', align: 'right' as const, render: (p: ProductRow) => p.units_sold },
          {
            key: 'revenue',
            header: 'Revenue',
            align: 'right' as const,
            render: (p: ProductRow) => formatMoney(p.revenue, 'US$'),
          },
        ]
      : []),
    ...(can(user.user_role, 'boms.manage')
      ? [
          {
            key: 'bom_cost',
            header: 'BOM Cost',
            sortKey: 'bom_cost',
            align: 'right' as const,
            render: (p: ProductRow) => formatUnitPrice(p.bom_cost),
          },
        ]
      : []),
    {
      key: 'active',
      header: 'Status',
      sortKey: 'active',
      render: (p) => <ActiveChip active={p.active} />,
    },
  ];

  return (
    <ListPage
      title="Products"
      actions={
        <>
          <ExportCsvButton download={exportCsv} params={params} />
          {can(user.user_role, 'products.save') && (
            <AddButton to="/products/add" testId="product-add">
              New Product
            </AddButton>
          )}
        </>
      }
      filters={
        <FilterRow stackBelow="md">
          <SearchBox value={s.search} onChange={(search) => filter({ search })} testId="products-search" />
          <DateRange
            value={{ from, to }}
            onChange={(v) => filter({ from: v.from, to: v.to })}
            fromLabel="Sales From"
            toLabel="Sales To"
            testId="products-window"
          />
          <ActiveStatusFilter value={s.status} onChange={(status) => filter({ status })} testId="products-status" />
          <ClearFilterButton onClick={reset} />
        </FilterRow>
      }
    >
      <ListTable
        state={s}
        set={set}
        query={q}
        fallbackSort={{ sort: '', order: 'asc' }}
        testId="products-table"
        aria-label="Products"
        columns={columns}
        rowKey={(p) => p.id}
        rowHref={(p) => `/products/edit/${p.id}`}
        rowLabel={(p) => `Product ${p.product_code}`}
        emptyText="No products found"
      />
    </ListPage>
  );
}
