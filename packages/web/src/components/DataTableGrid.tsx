import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import type { DataTableProps, TableView } from './DataTable';
import { ROW_LINK_SX } from './row-link';

/** DataTable on a wide screen: the table itself, with sortable headers, the totals row, the rows. */
export function DataTableGrid<T>({ p, view }: { p: DataTableProps<T>; view: TableView<T> }) {
  const { testId, columns, cell, summary, empty } = view;
  return (
    // Focusable so a table wider than the screen scrolls from the keyboard (axe scrollable-region-focusable).
    <TableContainer tabIndex={0} role="region" aria-label={p['aria-label'] ?? 'Table'}>
      <Table
        size={p.size ?? 'small'}
        data-testid={testId}
        aria-label={p['aria-label']}
        aria-busy={p.loading}
        // Wide lists (those with a column chooser) use narrower cell gaps so more columns fit the screen.
        sx={p.columnsKey ? { '& th, & td': { px: 1 }, '& tr > :first-of-type': { pl: 2 } } : undefined}
      >
        <TableHead>
          <TableRow>
            {columns.map((c) => {
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
          {summary && (
            <TableRow data-testid={`${testId}-summary`} sx={{ bgcolor: 'grey.100', '& td': { fontWeight: 600 } }}>
              {summary}
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
                {columns.map((c, i) => (
                  <TableCell key={c.key} align={c.align} sx={{ verticalAlign: p.cellVerticalAlign }}>
                    {cell(row, c, i, href)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {empty && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                <span data-testid={`${testId}-empty`}>{p.emptyText ?? 'No records found'}</span>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
