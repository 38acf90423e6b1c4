import { Box, Paper, Table, TableBody, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { DataTableProps, TableView } from './DataTable';
import { ROW_LINK_SX } from './row-link';
import { headerText } from './table-controls';

/** DataTable on a phone: one card of 'label: value' lines per row (still a link), the totals above the cards. */
export function DataTableCards<T>({
  p,
  view,
  cardSummary,
}: {
  p: DataTableProps<T>;
  view: TableView<T>;
  /** The totals as block content (`summaryRow`'s 'cards' layout); else `view.summary` shows as a table row. */
  cardSummary: ReactNode;
}) {
  const { testId, columns, linkIndex, cell, summary, empty } = view;
  return (
    <Box data-testid={testId} aria-busy={p.loading} sx={{ px: 1 }}>
      {cardSummary && (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, mb: 1, bgcolor: 'grey.100', fontWeight: 600 }}
          data-testid={`${testId}-summary`}
        >
          {cardSummary}
        </Paper>
      )}
      {summary && !cardSummary && (
        <Box sx={{ overflowX: 'auto', mb: 1 }} tabIndex={0} role="region" aria-label="Totals">
          <Table size="small">
            <TableBody>
              <TableRow data-testid={`${testId}-summary`} sx={{ bgcolor: 'grey.100', '& td': { fontWeight: 600 } }}>
                {summary}
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      )}
      {/* Only the cards are in the list (axe aria-required-children): totals and the empty text stay outside. */}
      {p.rows.length > 0 && (
        <Box role="list" aria-label={p['aria-label']}>
          {p.rows.map((row) => {
            const href = p.rowHref?.(row);
            return (
              <Paper
                key={p.rowKey(row)}
                role="listitem"
                variant="outlined"
                data-testid={`${testId}-row`}
                onClick={p.onRowClick && !href ? () => p.onRowClick?.(row) : undefined}
                sx={{
                  p: 1.5,
                  mb: 1,
                  bgcolor: p.rowTint?.(row),
                  cursor: href || p.onRowClick ? 'pointer' : undefined,
                  ...(href ? ROW_LINK_SX : {}),
                }}
              >
                <Box component="dl" sx={{ m: 0 }}>
                  {columns.map((c, i) => {
                    const content = cell(row, c, i, href);
                    // An empty value says nothing on a card (the link cell always stays).
                    if ((content === '' || content == null) && !(href && i === linkIndex)) return null;
                    return (
                      <Box key={c.key} sx={{ display: 'flex', gap: 1, py: 0.25, fontSize: 14 }}>
                        <Box component="dt" sx={{ color: 'text.secondary', flex: '0 0 38%', minWidth: 0 }}>
                          {headerText(c)}
                        </Box>
                        <Box component="dd" sx={{ m: 0, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                          {content}
                        </Box>
                      </Box>
                    );
                  })}
                </Box>
              </Paper>
            );
          })}
        </Box>
      )}
      {empty && (
        <Typography align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid={`${testId}-empty`}>
          {p.emptyText ?? 'No records found'}
        </Typography>
      )}
    </Box>
  );
}
