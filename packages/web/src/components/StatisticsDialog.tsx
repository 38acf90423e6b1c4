import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { type Key, type ReactNode, useState } from 'react';
import { DateRange } from './filters/DateRange';
import { defaultStatisticsWindow } from './format';

export type StatisticsRange = { from: number | null; to: number | null };

/** The statistics window, starting at `defaultStatisticsWindow()` (one month back to the end of today). */
export function useStatisticsWindow() {
  return useState<StatisticsRange>(defaultStatisticsWindow);
}

/** 'View Statistics': a dialog with the window's date range, a progress bar while loading, the figures and Close. */
export function StatisticsDialog({
  open,
  onClose,
  title,
  testId,
  windowTestId,
  range,
  onRangeChange,
  loading,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  windowTestId: string;
  range: StatisticsRange;
  onRangeChange: (range: StatisticsRange) => void;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1, mb: 1 }}>
          <DateRange value={range} onChange={onRangeChange} testId={windowTestId} />
        </Box>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface StatisticsColumn<Row> {
  header: string;
  align?: 'right';
  render: (row: Row) => ReactNode;
}

/** The figures of a statistics dialog: a small sticky-header table; `emptyText` spans the row when there are none. */
export function StatisticsTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  rowSx,
  emptyText,
}: {
  columns: StatisticsColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row, index: number) => Key;
  rowTestId?: string;
  rowSx?: (row: Row) => SxProps | undefined;
  emptyText?: string;
}) {
  return (
    <TableContainer sx={{ maxHeight: 500 }} tabIndex={0} role="region" aria-label="Statistics">
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600 } }}>
            {columns.map((c) => (
              <TableCell key={c.header} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((r, i) => (
            <TableRow key={rowKey(r, i)} data-testid={rowTestId} sx={rowSx?.(r)}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align}>
                  {c.render(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows && rows.length === 0 && emptyText && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
