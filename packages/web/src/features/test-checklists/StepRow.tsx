import type { TestStep } from '@bpm/contract/test-checklists';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton } from '@mui/material';
import { memo } from 'react';
import { cellKey, cellLabel, type GridColumn } from './result-grid-keys';
import { CELL_FOCUS_SX, resultLook, rowGridSx } from './result-grid-layout';

/** What a row does with its cells; one object for every row (stable, so a row re-renders only for its own data). */
export interface RowHandlers {
  openCell: (s: TestStep, item: number) => void;
  passRow: (s: TestStep) => void;
  edit: (s: TestStep) => void;
  remove: (s: TestStep) => void;
}

/** A focus target of the grid: its position, and whether it is the grid's one tab stop. */
const target = (row: number, col: number, activeCol: number | null) => ({
  'data-pos': `${row}:${col}`,
  tabIndex: activeCol === col ? 0 : -1,
});

/**
 * One step of the Test Steps grid (role row): handle, SI, the description (the row header), a result cell per unit
 * (named for screen readers: 'Step 3, serial SEC5E-001: passed'), Pass row, Edit, Delete — as `columns` says.
 */
export const StepRow = memo(function StepRow({
  step,
  row,
  columns,
  serials,
  activeCol,
  pending,
  canSteps,
  handlers,
}: {
  step: TestStep;
  /** 1-based: row 0 is the column headers. */
  row: number;
  columns: GridColumn[];
  serials: readonly string[];
  /** The column of the grid's tab stop when it is in this row, else null. */
  activeCol: number | null;
  pending: ReadonlyMap<string, string | null>;
  canSteps: boolean;
  handlers: RowHandlers;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: step.id,
    disabled: !canSteps,
  });
  const saved = new Map(step.results.map((r) => [r.itemId, r.test_result]));
  const cell = (col: GridColumn, i: number) => {
    switch (col.kind) {
      case 'handle':
        return (
          <Box role="gridcell" key="handle" sx={{ display: 'flex' }}>
            <IconButton
              ref={setActivatorNodeRef}
              aria-label={`Move step ${step.si_number}`}
              data-testid="step-handle"
              sx={{ cursor: 'grab', touchAction: 'none', borderRadius: 0, flex: 1, ...CELL_FOCUS_SX }}
              {...attributes}
              {...listeners}
              {...target(row, i, activeCol)}
            >
              <DragIndicatorIcon />
            </IconButton>
          </Box>
        );
      case 'si':
        return (
          <Box
            role="gridcell"
            key="si"
            sx={{ p: 1, ...CELL_FOCUS_SX }}
            data-testid="step-si"
            {...target(row, i, activeCol)}
          >
            {step.si_number}
          </Box>
        );
      case 'desc':
        return (
          <Box
            role="rowheader"
            key="desc"
            sx={{
              p: 1,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              minWidth: 0,
              fontWeight: 400,
              ...CELL_FOCUS_SX,
            }}
            data-testid="step-desc"
            {...target(row, i, activeCol)}
          >
            {step.test_desc}
          </Box>
        );
      case 'result':
        return (
          <ResultCell
            key={`r${col.item}`}
            item={col.item}
            si={step.si_number}
            serial={serials[col.item - 1]}
            saved={saved.get(col.item)}
            pending={pending.get(cellKey(step.id, col.item))}
            isPending={pending.has(cellKey(step.id, col.item))}
            onClick={() => handlers.openCell(step, col.item)}
            {...target(row, i, activeCol)}
          />
        );
      case 'passRow':
        return (
          <Box role="gridcell" key="pass" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Button
              size="small"
              color="success"
              variant="outlined"
              aria-label={`Pass row: step ${step.si_number}`}
              data-testid="pass-row"
              onClick={() => handlers.passRow(step)}
              sx={{ whiteSpace: 'nowrap', minHeight: 40, textTransform: 'none', ...CELL_FOCUS_SX }}
              {...target(row, i, activeCol)}
            >
              Pass row
            </Button>
          </Box>
        );
      default: {
        const edit = col.kind === 'edit';
        return (
          <Box role="gridcell" key={col.kind} sx={{ display: 'flex', alignItems: 'center' }}>
            <IconButton
              aria-label={`${edit ? 'Edit' : 'Delete'} step ${step.si_number}`}
              data-testid={edit ? 'step-edit' : 'step-delete'}
              onClick={() => (edit ? handlers.edit(step) : handlers.remove(step))}
              sx={CELL_FOCUS_SX}
              {...target(row, i, activeCol)}
            >
              {edit ? <EditIcon /> : <DeleteIcon />}
            </IconButton>
          </Box>
        );
      }
    }
  };
  return (
    <Box
      ref={setNodeRef}
      role="row"
      data-testid="step-row"
      data-step-id={step.id}
      sx={{
        ...rowGridSx(columns),
        alignItems: 'stretch',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      {columns.map(cell)}
    </Box>
  );
});

/** A result cell: a click (or Space) opens the result dialog; its keys are the grid's (useResultGrid). */
function ResultCell({
  item,
  si,
  serial,
  saved,
  pending,
  isPending,
  onClick,
  ...focus
}: {
  item: number;
  si: number;
  serial: string | undefined;
  saved: string | undefined;
  pending: string | null | undefined;
  isPending: boolean;
  onClick: () => void;
  'data-pos': string;
  tabIndex: number;
}) {
  const shown = isPending ? pending : saved;
  const look = resultLook(shown);
  const label = cellLabel(si, item, serial, shown ?? undefined);
  return (
    <Box
      role="gridcell"
      onClick={onClick}
      data-testid="result-cell"
      data-item={item}
      data-result={saved ?? ''}
      aria-label={isPending ? `${label} (saving)` : label}
      aria-busy={isPending || undefined}
      sx={{
        minHeight: 56,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: serial ? look.bg : 'action.hover',
        color: look.color,
        fontWeight: shown === 'passed' || shown === 'failed' ? 600 : 400,
        fontStyle: isPending ? 'italic' : undefined,
        cursor: 'pointer',
        px: 0.5,
        fontSize: 14,
        wordBreak: 'break-word',
        userSelect: 'none',
        ...CELL_FOCUS_SX,
      }}
      {...focus}
    >
      {isPending ? `${look.text}…` : look.text}
    </Box>
  );
}
