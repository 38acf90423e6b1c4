import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack } from '@mui/material';
import { type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableProps } from './DataTable';
import { PageHeader } from './PageHeader';
import { usePersistentState } from './use-persistent-state';

/** What every server-paged list keeps besides its filters. */
export interface ListStateBase {
  sort?: string;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * A list page's persistent state (`usePersistentState`) plus `filter(patch)` (a filter change starts again on the
 * first page) and `paging` (`limit`/`offset` of the current page).
 */
export function useListPageState<T extends ListStateBase>(pageKey: string, defaults: T) {
  const [state, set, reset] = usePersistentState(pageKey, defaults);
  const filter = useCallback((patch: Partial<T>) => set({ ...patch, page: 0 }), [set]);
  const paging = { limit: state.pageSize, offset: state.page * state.pageSize };
  return { state, set, reset, filter, paging };
}

type Wired =
  | 'rows'
  | 'total'
  | 'totalEstimated'
  | 'loading'
  | 'page'
  | 'pageSize'
  | 'onPageChange'
  | 'onPageSizeChange'
  | 'sort'
  | 'onSortChange';

/**
 * DataTable wired to a list page's state and query: rows/total/loading from the query, page, size and sort from the
 * state (a sort or size change goes back to the first page; a cleared sort falls back to `fallbackSort`).
 * `emptyOnError` shows no rows after a failed load instead of the previous page.
 */
export function ListTable<Row, S extends ListStateBase>({
  state,
  set,
  query,
  fallbackSort,
  emptyOnError,
  ...rest
}: Omit<DataTableProps<Row>, Wired> & {
  state: S;
  set: (patch: Partial<S>) => void;
  query: { data?: { rows: Row[]; total: number; estimated?: boolean }; isFetching: boolean; isError?: boolean };
  fallbackSort: { sort: string; order: 'asc' | 'desc' };
  emptyOnError?: boolean;
}) {
  const failed = emptyOnError && query.isError;
  return (
    <DataTable
      {...rest}
      rows={failed ? [] : (query.data?.rows ?? [])}
      total={failed ? 0 : (query.data?.total ?? 0)}
      totalEstimated={!failed && query.data?.estimated === true}
      loading={query.isFetching}
      page={state.page}
      pageSize={state.pageSize}
      onPageChange={(page) => set({ page } as Partial<S>)}
      onPageSizeChange={(pageSize) => set({ pageSize, page: 0 } as Partial<S>)}
      sort={{ sort: state.sort || undefined, order: state.order }}
      onSortChange={(v) =>
        set({ sort: v.sort ?? fallbackSort.sort, order: v.order ?? fallbackSort.order, page: 0 } as Partial<S>)
      }
    />
  );
}

/** A list page: title with actions, the filter row, the table. */
export function ListPage({
  title,
  actions,
  filters,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box>
      <PageHeader title={title} actions={actions} />
      {filters}
      {children}
    </Box>
  );
}

/** The filters of a list in a wrapping row; `stackBelow` stacks them in a column on narrower screens. */
export function FilterRow({ stackBelow, children }: { stackBelow?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Stack
      direction={stackBelow ? { xs: 'column', [stackBelow]: 'row' } : 'row'}
      spacing={2}
      sx={{ mb: 2 }}
      alignItems={stackBelow ? { [stackBelow]: 'center' } : 'center'}
      flexWrap="wrap"
      useFlexGap
    >
      {children}
    </Stack>
  );
}

/** The list's 'New …' button (a link to the add page). */
export function AddButton({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="contained" startIcon={<AddIcon />} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The Status cell of a catalogue list: outlined green 'Active' or grey 'Inactive'. */
export function ActiveChip({ active }: { active: number }) {
  return active === 1 ? (
    <Chip label="Active" color="success" size="small" variant="outlined" />
  ) : (
    <Chip label="Inactive" size="small" />
  );
}
