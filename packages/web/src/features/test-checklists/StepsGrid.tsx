import { TC_MSG, type TestChecklist, type TestStep } from '@bpm/contract/test-checklists';
import { DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { type ChecklistKind, useSaveResult } from '../../api/test-checklists';
import { DeleteStepDialog } from './DeleteStepDialog';
import { GridHeader } from './GridHeader';
import { ResultDialog } from './ResultDialog';
import { gridColumns } from './result-grid-keys';

// The step form (react-hook-form) loads when it is first opened: the checklist page stays within its budget.
const StepDialog = lazy(() => import('./StepDialog').then((m) => ({ default: m.StepDialog })));

import { type RowHandlers, StepRow } from './StepRow';
import { type DialogCell, useResultGrid } from './useResultGrid';
import { useStepOrder } from './useStepOrder';

/** The keys of the grid, as the page states them (issue 23 item 8). */
export const GRID_HELP =
  'Keyboard: the arrow keys move between cells (Home/End: row ends). On a result cell: P or Enter passes, F fails, ' +
  'Delete clears, Space opens the result dialog, any other key starts a custom result (Enter saves it). After a ' +
  "result the focus moves down to the next step. Shift+P passes the row's empty cells, Alt+P (Option+P) the column's.";

/**
 * Test Steps: an ARIA grid of the steps (drag by the handle, or focus it and use Space + arrow keys) × one result
 * column per product_max_serials, run from the keyboard or a scanner's keypad (GRID_HELP; useResultGrid) or by
 * touch: a click on a cell opens the result dialog, Pass row / Pass column fill the empty cells.
 */
export function StepsGrid({
  kind,
  c,
  steps,
  canSteps,
  canResult,
}: {
  kind: ChecklistKind;
  c: TestChecklist;
  steps: TestStep[];
  canSteps: boolean;
  canResult: boolean;
}) {
  const { items, dragging, dnd } = useStepOrder(kind, c.id, steps);
  const [editing, setEditing] = useState<{ step?: TestStep } | null>(null);
  const [toDelete, setToDelete] = useState<TestStep | null>(null);
  const result = useSaveResult(kind, c.id);
  const columns = useMemo(
    () => gridColumns(c.product_max_serials, canSteps, canResult),
    [c.product_max_serials, canSteps, canResult],
  );
  const g = useResultGrid({ kind, c, steps: items, columns, canResult, dragging });
  const helpId = useId();

  // One handlers object for every row (memo rows), calling the latest functions.
  const live = useRef<RowHandlers>(null!);
  live.current = {
    openCell: (s, item) => g.openCell(s, item),
    passRow: (s) => g.passRow(s),
    edit: (s) => setEditing({ step: s }),
    remove: (s) => setToDelete(s),
  };
  const handlers = useMemo<RowHandlers>(
    () => ({
      openCell: (s, item) => live.current.openCell(s, item),
      passRow: (s) => live.current.passRow(s),
      edit: (s) => live.current.edit(s),
      remove: (s) => live.current.remove(s),
    }),
    [],
  );
  // The dialog keeps its cell while it closes.
  const lastDialog = useRef<DialogCell | null>(null);
  if (g.dialog) lastDialog.current = g.dialog;
  const shown = lastDialog.current;

  return (
    <Stack spacing={2}>
      {!c.serials.length && <Alert severity="info">{TC_MSG.assignSerials}</Alert>}
      {canSteps && (
        <Box>
          <Button
            variant="contained"
            size="large"
            startIcon={<AddIcon />}
            onClick={() => setEditing({})}
            data-testid="step-add"
          >
            Add Step
          </Button>
        </Box>
      )}
      {canResult && (
        <Typography id={helpId} variant="body2" color="text.secondary" data-testid="grid-help">
          {GRID_HELP}
        </Typography>
      )}
      <DndContext {...dnd}>
        <SortableContext items={items.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <Box
            ref={g.grid}
            role="grid"
            aria-label="Test steps"
            aria-describedby={canResult ? helpId : undefined}
            aria-readonly={canResult ? undefined : true}
            onKeyDown={g.onKeyDown}
            onFocus={g.onFocus}
            data-testid="steps-grid"
            sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <GridHeader
              columns={columns}
              serials={c.serials}
              activeCol={g.activePos.row === 0 ? g.activePos.col : null}
              canResult={canResult}
              onPassColumn={(item) => g.passColumn(item)}
            />
            {items.map((s, i) => (
              <StepRow
                key={s.id}
                step={s}
                row={i + 1}
                columns={columns}
                serials={c.serials}
                activeCol={g.activePos.row === i + 1 ? g.activePos.col : null}
                pending={g.pending}
                canSteps={canSteps}
                handlers={handlers}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {!items.length && (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          No test steps yet
        </Typography>
      )}
      {editing && (
        <Suspense fallback={null}>
          <StepDialog
            kind={kind}
            c={c}
            open
            step={editing.step}
            nextSi={items.reduce((m, s) => Math.max(m, s.si_number), 0) + 1}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <DeleteStepDialog kind={kind} step={toDelete} onClose={() => setToDelete(null)} />
      <ResultDialog
        // One per opening: it opens with its tab and text in place, so a scanner's next characters land in the field.
        key={g.dialogSerial}
        open={!!g.dialog}
        title={shown ? `Step ${shown.step.si_number} · ${c.serials[shown.item - 1]}` : ''}
        current={shown ? (g.resultOf(shown.step, shown.item) ?? undefined) : undefined}
        prefill={shown?.prefill}
        disableRestoreFocus={shown?.fromKeys}
        onClose={(saved) => g.closeDialog(saved)}
        onSave={(r) => result.mutateAsync({ step_id: shown!.step.id, item_id: shown!.item, result: r })}
      />
    </Stack>
  );
}
