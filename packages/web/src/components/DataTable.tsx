import { DEFAULT_PAGE_SIZE, HISTORY_PAGE_SIZES, PAGE_SIZES } from '@bpm/contract/common';
import {
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import Link from '@mui/material/Link';
import type { Key, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

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
  /** A row (e.g. totals) shown above the body rows: give <TableCell>s. */
  summaryRow?: ReactNode;
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
}

/**
 * A row with a row link: the link's ::after covers the whole row (the row is its containing block), so a click
 * anywhere is a click on the <a>; buttons and links inside other cells stay above it. Focus shows on the row.
 */
const ROW_LINK_SX = {
  position: 'relative',
  '& a[data-row-link]::after': { content: '""', position: 'absolute', inset: 0 },
  '& a[data-row-link]:focus-visible': { outline: 'none' },
  '&:has(a[data-row-link]:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
  },
  '& td button, & td a:not([data-row-link]), & td input': { position: 'relative', zIndex: 1 },
} as const;

/** A server-paged, server-sorted table. Sorting a column toggles asc → desc and resets to page 0. */
export function DataTable<T>(p: DataTableProps<T>) {
  const sizes: number[] = [...(p.historySizes ? HISTORY_PAGE_SIZES : PAGE_SIZES)];
  const testId = p.testId ?? 'data-table';
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{p.loading && <LinearProgress aria-label="Loading" />}</Box>
      {/* Focusable so a table wider than the screen scrolls from the keyboard (axe scrollable-region-focusable). */}
      <TableContainer tabIndex={0} role="region" aria-label={p['aria-label'] ?? 'Table'}>
        <Table size={p.size ?? 'small'} data-testid={testId} aria-label={p['aria-label']} aria-busy={p.loading}>
          <TableHead>
            <TableRow>
              {p.columns.map((c) => {
                const active = !!c.sortKey && p.sort?.sort === c.sortKey;
                return (
                  <TableCell key={c.key} align={c.align} sx={{ width: c.width, fontWeight: 600 }}>
                    {c.sortKey && p.onSortChange ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? (p.sort?.order ?? 'asc') : 'asc'}
                        onClick={() =>
                          p.onSortChange?.({
                            sort: c.sortKey,
                            order: active && p.sort?.order !== 'desc' ? 'desc' : 'asc',
                          })
                        }
                      >
                        {c.header}
                      </TableSortLabel>
                    ) : (
                      c.header
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.summaryRow && (
              <TableRow data-testid={`${testId}-summary`} sx={{ bgcolor: 'grey.100', '& td': { fontWeight: 600 } }}>
                {p.summaryRow}
              </TableRow>
            )}
            {p.rows.map((row) => {
              const tint = p.rowTint?.(row);
              const href = p.rowHref?.(row);
              const clickable = !!p.onRowClick || !!href;
              return (
                <TableRow
                  key={p.rowKey(row)}
                  data-testid={`${testId}-row`}
                  hover={clickable}
                  onClick={p.onRowClick && !href ? () => p.onRowClick?.(row) : undefined}
                  sx={{
                    cursor: clickable ? 'pointer' : undefined,
                    bgcolor: tint,
                    ...(href ? ROW_LINK_SX : {}),
                  }}
                >
                  {p.columns.map((c, i) => {
                    const content = c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '');
                    return (
                      <TableCell key={c.key} align={c.align} sx={{ verticalAlign: p.cellVerticalAlign }}>
                        {href && i === 0 ? (
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
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
            {!p.loading && p.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={p.columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  <span data-testid={`${testId}-empty`}>{p.emptyText ?? 'No records found'}</span>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={p.total}
        page={p.total > 0 ? Math.min(p.page, Math.max(0, Math.ceil(p.total / p.pageSize) - 1)) : 0}
        rowsPerPage={p.pageSize}
        rowsPerPageOptions={sizes}
        onPageChange={(_, page) => p.onPageChange(page)}
        onRowsPerPageChange={(e) => p.onPageSizeChange(Number(e.target.value) || DEFAULT_PAGE_SIZE)}
      />
    </Paper>
  );
}
