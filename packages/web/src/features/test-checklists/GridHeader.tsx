import { Box, Button } from '@mui/material';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import type { GridColumn } from './result-grid-keys';
import { CELL_FOCUS_SX, rowGridSx } from './result-grid-layout';

const HIDDEN_TITLE: Partial<Record<GridColumn['kind'], string>> = {
  handle: 'Move',
  passRow: 'Pass row',
  edit: 'Edit',
  delete: 'Delete',
};

/**
 * The Test Steps grid's header row (row 0): SI, Test Description, one column header per unit named by its serial
 * (with its 'Pass column' button when results may be entered), and hidden titles over the button columns.
 */
export function GridHeader({
  columns,
  serials,
  activeCol,
  canResult,
  onPassColumn,
}: {
  columns: GridColumn[];
  serials: readonly string[];
  activeCol: number | null;
  canResult: boolean;
  onPassColumn: (item: number) => void;
}) {
  const focus = (col: number) => ({ 'data-pos': `0:${col}`, tabIndex: activeCol === col ? 0 : -1 });
  return (
    <Box
      role="row"
      sx={{
        ...rowGridSx(columns),
        fontWeight: 600,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.100',
      }}
    >
      {columns.map((col, i) => {
        if (col.kind !== 'result') {
          const hidden = HIDDEN_TITLE[col.kind];
          return (
            <Box role="columnheader" key={col.kind} sx={{ p: 1, position: 'relative', ...CELL_FOCUS_SX }} {...focus(i)}>
              {hidden ? <Box sx={VISUALLY_HIDDEN}>{hidden}</Box> : col.kind === 'si' ? 'SI' : 'Test Description'}
            </Box>
          );
        }
        const serial = serials[col.item - 1];
        const button = canResult && !!serial;
        return (
          <Box
            role="columnheader"
            key={`r${col.item}`}
            aria-label={serial ?? `Column ${col.item}: no serial number assigned`}
            sx={{ p: 0.5, textAlign: 'center', minWidth: 0, ...CELL_FOCUS_SX }}
            {...(button ? {} : focus(i))}
          >
            <Box sx={{ p: 0.5, overflowWrap: 'anywhere' }} data-testid="serial-col">
              {serial ?? `#${col.item}`}
            </Box>
            {button && (
              <Button
                size="small"
                color="success"
                aria-label={`Pass column ${serial}`}
                data-testid="pass-column"
                onClick={() => onPassColumn(col.item)}
                sx={{ fontSize: 12, lineHeight: 1.2, minHeight: 32, px: 0.5, textTransform: 'none', ...CELL_FOCUS_SX }}
                {...focus(i)}
              >
                Pass column
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
