import { DEFAULT_PAGE_SIZE, HISTORY_PAGE_SIZES, PAGE_SIZES } from '@bpm/contract/common';
import { Box, LinearProgress, Paper, TablePagination } from '@mui/material';
import Link from '@mui/material/Link';
import type { Key, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { type ColumnChoice, NO_CHOICE, visibleColumns } from './column-visibility';
import { DataTableCards } from './DataTableCards';
import { DataTableGrid } from './DataTableGrid';
import { pagerLabel } from './format';
import { usePhone } from './phone';
import { ColumnChooser, PhoneSort } from './table-controls';
import { usePersistentState } from './use-persistent-state';

export interface Column<T> {
  /** Unique column id. */
  key: string;
  header: ReactNode;
  /** Cell content; defaults to `row[key]`. */
  render?: (row: T) => ReactNode;
  /** Server sort key; when set the header is clickable. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** With a column chooser (`columnsKey`): hidden until the user shows it. */
  defaultHidden?: boolean;
  /** The name in the column chooser and on phone cards when `header` is not plain text. */
  label?: string;
}

export interface SortState {
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  /** Total row count on the server (for the pager). */
  total: number;
  /** The total is the server's estimate (a large filtered list): the pager says 'of about N'. */
  totalEstimated?: boolean;
  rowKey: (row: T) => Key;
  /** 0-based page. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** History screens also offer 200 rows a page. */
  historySizes?: boolean;
  /**
   * A row (e.g. totals) shown above the body rows: give <TableCell>s. A function gets the visible column keys and
   * the layout: 'table' wants <TableCell>s, 'cards' (phones) any block content.
   */
  summaryRow?: ReactNode | ((visibleKeys: string[], layout: 'table' | 'cards') => ReactNode);
  /** Background colour of a row (e.g. '#ffe0b2' orange, '#ffcdd2' red), or undefined. */
  rowTint?: (row: T) => string | undefined;
  onRowClick?: (row: T) => void;
  /**
   * Each row as a real link to this path: the first cell holds an <a href> stretched over the row, so the row is
   * reachable with Tab, Enter opens it, Ctrl/middle click opens a new tab. Undefined for a row without a page.
   */
  rowHref?: (row: T) => string | undefined;
  /** The row link's accessible name (e.g. 'Order OC-12'); defaults to the first cell's text. */
  rowLabel?: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  /** data-testid of the table (rows get `${testId}-row`). */
  testId?: string;
  'aria-label'?: string;
  size?: 'small' | 'medium';
  /** Vertical alignment of body cells (tall cells, e.g. event data, read better at 'top'). */
  cellVerticalAlign?: 'top' | 'middle';
  /** The key of the column whose cell holds the row link (default: the first visible column). */
  rowLinkColumn?: string;
  /**
   * Offers a 'Columns' chooser; the user's choice is remembered per user under this key (like the list's
   * other state, `usePersistentState`). Columns with `defaultHidden` start hidden.
   */
  columnsKey?: string;
  /** What the row tints mean, shown above the table: `[{ color: '#ffcdd2', label: 'Cancelled' }]`. */
  legend?: Array<{ color: string; label: string }>;
}

/** What both layouts (phone cards, wide table) draw from: the shown columns, each cell's content, the totals. */
export interface TableView<T> {
  testId: string;
  /** The shown columns (after the user's column choice). */
  columns: Column<T>[];
  /** The column whose cell holds the row link. */
  linkIndex: number;
  /** A cell's content; the link column's cell of a row with a page holds the row link. */
  cell: (row: T, c: Column<T>, i: number, href: string | undefined) => ReactNode;
  /** The totals row's <TableCell>s. */
  summary: ReactNode;
  /** Loaded and no rows: the empty text shows. */
  empty: boolean;
}

/**
 * A server-paged, server-sorted table. Sorting a column toggles asc → desc and resets to page 0. On a phone each
 * row is a card of 'label: value' lines (still a link); `columnsKey` adds a column chooser, `legend` explains tints.
 */
export function DataTable<T>(p: DataTableProps<T>) {
  const sizes: number[] = [...(p.historySizes ? HISTORY_PAGE_SIZES : PAGE_SIZES)];
  const testId = p.testId ?? 'data-table';
  const phone = usePhone();
  const [saved, setChoice] = usePersistentState<ColumnChoice>(`${p.columnsKey ?? testId}Columns`, NO_CHOICE);
  const choice: ColumnChoice = p.columnsKey
    ? { hidden: Array.isArray(saved.hidden) ? saved.hidden : [], shown: Array.isArray(saved.shown) ? saved.shown : [] }
    : NO_CHOICE;
  const columns = p.columnsKey ? visibleColumns(p.columns, choice) : p.columns;
  const linkIndex = Math.max(
    0,
    columns.findIndex((c) => c.key === p.rowLinkColumn),
  );
  const cell = (row: T, c: Column<T>, i: number, href: string | undefined) => {
    const content = c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '');
    return href && i === linkIndex ? (
      <Link
        component={RouterLink}
        to={href}
        underline="none"
        color="inherit"
        title={p.rowLabel?.(row)}
        data-row-link=""
        data-testid={`${testId}-row-link`}
      >
        {content}
      </Link>
    ) : (
      content
    );
  };
  const empty = !p.loading && p.rows.length === 0;
  const summaryFn = typeof p.summaryRow === 'function' ? p.summaryRow : undefined;
  const visibleKeys = columns.map((c) => c.key);
  const summary: ReactNode = summaryFn ? summaryFn(visibleKeys, 'table') : (p.summaryRow as ReactNode);
  const cardSummary = summaryFn?.(visibleKeys, 'cards');
  const view: TableView<T> = { testId, columns, linkIndex, cell, summary, empty };
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{p.loading && <LinearProgress aria-label="Loading" />}</Box>
      {p.columnsKey || p.legend?.length || (phone && p.onSortChange) ? (
        <TableToolbar p={p} phone={phone} choice={choice} setChoice={setChoice} testId={testId} />
      ) : null}
      {phone ? <DataTableCards p={p} view={view} cardSummary={cardSummary} /> : <DataTableGrid p={p} view={view} />}
      <TablePagination
        component="div"
        // An estimate may be low: the pager does not stop at its last page (MUI's unknown count).
        count={p.totalEstimated ? -1 : p.total}
        page={
          p.totalEstimated
            ? p.page
            : p.total > 0
              ? Math.min(p.page, Math.max(0, Math.ceil(p.total / p.pageSize) - 1))
              : 0
        }
        rowsPerPage={p.pageSize}
        rowsPerPageOptions={sizes}
        labelDisplayedRows={({ from, to }) => pagerLabel(from, to, p.total, p.totalEstimated)}
        onPageChange={(_, page) => p.onPageChange(page)}
        onRowsPerPageChange={(e) => p.onPageSizeChange(Number(e.target.value) || DEFAULT_PAGE_SIZE)}
        // A phone: the pager's parts wrap onto a second line rather than run past the screen's edge.
        sx={
          phone
            ? { '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 1 } }
            : undefined
        }
      />
    </Paper>
  );
}

/** Above the rows: the legend of the row tints, on a phone the sort select, on a wide screen the column chooser. */
function TableToolbar<T>({
  p,
  phone,
  choice,
  setChoice,
  testId,
}: {
  p: DataTableProps<T>;
  phone: boolean;
  choice: ColumnChoice;
  setChoice: (choice: ColumnChoice) => void;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1, py: 0.5 }}>
      {p.legend?.map((l) => (
        <Box
          key={l.label}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 13, color: 'text.secondary' }}
          data-testid={`${testId}-legend`}
        >
          <Box
            component="span"
            sx={{ width: 14, height: 14, bgcolor: l.color, border: 1, borderColor: 'divider', borderRadius: 0.5 }}
          />
          {l.label}
        </Box>
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {phone && p.onSortChange && <PhoneSort columns={p.columns} sort={p.sort} onSortChange={p.onSortChange} />}
      {p.columnsKey && !phone && (
        <ColumnChooser
          columns={p.columns}
          choice={choice}
          onChange={(next) => setChoice(next)}
          testId={`${testId}-columns`}
        />
      )}
    </Box>
  );
}
