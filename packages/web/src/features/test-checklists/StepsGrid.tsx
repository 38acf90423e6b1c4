import { TC_MSG, type TestChecklist, type TestStep } from '@bpm/contract/test-checklists';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { memo, useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  type ChecklistKind,
  useDeleteStep,
  useReorderSteps,
  useSaveResult,
  useSaveStep,
} from '../../api/test-checklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ScrollRegion } from '../../components/ScrollRegion';
import { sortAnnouncements, stepName } from '../../components/sort-announcements';
import { ResultDialog } from './ResultDialog';

const COL = 96;
const cellColor = (r?: string) =>
  r === 'passed' ? 'success.light' : r === 'failed' ? 'error.light' : r ? 'info.light' : 'background.paper';

/**
 * Test Steps: steps (drag by the handle, or focus it and use Space + arrow keys) × one result column per
 * product_max_serials. Cells are large for a touch screen; a click opens the result dialog.
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
  const [items, setItems] = useState(steps);
  useEffect(() => setItems(steps), [steps]);
  const [editing, setEditing] = useState<{ step?: TestStep } | null>(null);
  const [toDelete, setToDelete] = useState<TestStep | null>(null);
  const [cell, setCell] = useState<{ step: TestStep; item: number } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const reorder = useReorderSteps(kind, c.id);
  const del = useDeleteStep(kind);
  const result = useSaveResult(kind, c.id);
  const columns = Array.from({ length: c.product_max_serials }, (_, i) => i + 1);
  const template = `${canSteps ? '48px ' : ''}56px minmax(220px, 1fr) ${columns.map(() => `${COL}px`).join(' ')}${canSteps ? ' 104px' : ''}`;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((s) => s.id === active.id);
    const to = items.findIndex((s) => s.id === over.id);
    if (from < 0 || to < 0) return;
    setItems(arrayMove(items, from, to));
    reorder.mutateAsync({ step_id: Number(active.id), new_si_number: to + 1 }).catch(() => {
      toast('Failed to update step order', 'error');
      setItems(steps);
    });
  };
  const onCell = (step: TestStep, item: number) => {
    if (!c.serials[item - 1]) return toast(TC_MSG.noSerialForColumn, 'warning');
    if (canResult) setCell({ step, item });
  };

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
      <ScrollRegion label="Test steps" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: template,
            minWidth: 'max-content',
            fontWeight: 600,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'grey.100',
          }}
        >
          {canSteps && <span />}
          <Box sx={{ p: 1 }}>SI</Box>
          <Box sx={{ p: 1 }}>Test Description</Box>
          {columns.map((i) => (
            <Box
              key={i}
              sx={{ p: 1, textAlign: 'center', overflow: 'hidden', textOverflow: 'ellipsis' }}
              data-testid="serial-col"
            >
              {c.serials[i - 1] ?? `#${i}`}
            </Box>
          ))}
          {canSteps && <span />}
        </Box>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: sortAnnouncements((id) => stepName(items.find((x) => x.id === id)), 'step') }}
        >
          <SortableContext items={items.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            {items.map((s) => (
              <StepRow
                key={s.id}
                step={s}
                template={template}
                columns={columns}
                canSteps={canSteps}
                onCell={onCell}
                onEdit={() => setEditing({ step: s })}
                onDelete={() => setToDelete(s)}
              />
            ))}
          </SortableContext>
        </DndContext>
        {!items.length && (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            No test steps yet
          </Typography>
        )}
      </ScrollRegion>
      <StepDialog
        kind={kind}
        c={c}
        open={!!editing}
        step={editing?.step}
        nextSi={items.reduce((m, s) => Math.max(m, s.si_number), 0) + 1}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={!!toDelete}
        message="Are you sure you want to delete this test step?"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const s = toDelete;
          setToDelete(null);
          if (s) del.mutateAsync(s.id).catch(() => toast('Failed to delete test step', 'error'));
        }}
      />
      <ResultDialog
        open={!!cell}
        title={cell ? `Step ${cell.step.si_number} · ${c.serials[cell.item - 1]}` : ''}
        current={cell?.step.results.find((r) => r.itemId === cell.item)?.test_result}
        onClose={() => setCell(null)}
        onSave={(r) => result.mutateAsync({ step_id: cell!.step.id, item_id: cell!.item, result: r })}
      />
    </Stack>
  );
}

const StepRow = memo(function StepRow({
  step,
  template,
  columns,
  canSteps,
  onCell,
  onEdit,
  onDelete,
}: {
  step: TestStep;
  template: string;
  columns: number[];
  canSteps: boolean;
  onCell: (s: TestStep, item: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: step.id,
    disabled: !canSteps,
  });
  const byItem = new Map(step.results.map((r) => [r.itemId, r.test_result]));
  return (
    <Box
      ref={setNodeRef}
      data-testid="step-row"
      data-step-id={step.id}
      sx={{
        display: 'grid',
        gridTemplateColumns: template,
        minWidth: 'max-content',
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
      {canSteps && (
        <IconButton
          ref={setActivatorNodeRef}
          aria-label={`Move step ${step.si_number}`}
          data-testid="step-handle"
          sx={{ cursor: 'grab', touchAction: 'none', borderRadius: 0 }}
          {...attributes}
          {...listeners}
        >
          <DragIndicatorIcon />
        </IconButton>
      )}
      <Box sx={{ p: 1, alignSelf: 'center' }} data-testid="step-si">
        {step.si_number}
      </Box>
      <Box sx={{ p: 1, alignSelf: 'center', whiteSpace: 'pre-wrap' }} data-testid="step-desc">
        {step.test_desc}
      </Box>
      {columns.map((i) => {
        const r = byItem.get(i);
        return (
          <ButtonBase
            key={i}
            onClick={() => onCell(step, i)}
            data-testid="result-cell"
            data-item={i}
            data-result={r ?? ''}
            sx={{
              minHeight: 56,
              borderLeft: 1,
              borderColor: 'divider',
              bgcolor: cellColor(r),
              px: 0.5,
              fontSize: 14,
              wordBreak: 'break-word',
            }}
          >
            {r === 'passed' ? 'Pass' : r === 'failed' ? 'Fail' : (r ?? '')}
          </ButtonBase>
        );
      })}
      {canSteps && (
        <Box sx={{ whiteSpace: 'nowrap', alignSelf: 'center', textAlign: 'right' }}>
          <IconButton aria-label={`Edit step ${step.si_number}`} data-testid="step-edit" onClick={onEdit}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`Delete step ${step.si_number}`} data-testid="step-delete" onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
});

/** Add/Edit Test Step: SI number read-only (highest plus 1), description required. */
function StepDialog({
  kind,
  c,
  open,
  step,
  nextSi,
  onClose,
}: {
  kind: ChecklistKind;
  c: TestChecklist;
  open: boolean;
  step?: TestStep;
  nextSi: number;
  onClose: () => void;
}) {
  const [desc, setDesc] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setDesc(step?.test_desc ?? '');
      setError(undefined);
    }
  }, [open, step]);
  const save = useSaveStep(kind);
  async function submit() {
    if (!desc.trim()) return setError('Test Description is required');
    const key = kind === 'order' ? 'test_checklist_id' : 'stock_test_checklist_id';
    try {
      await save.mutateAsync({ id: step?.id, [key]: c.id, si_number: step?.si_number ?? nextSi, test_desc: desc });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Failed to save test step');
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="step-dialog">
      <DialogTitle>{step ? 'Edit Test Step' : 'Add Test Step'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label="SI Number" value={step?.si_number ?? nextSi} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label="Test Description"
            required
            multiline
            minRows={3}
            autoFocus
            value={desc}
            onChange={(e) => setDesc(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'step-desc-input' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="step-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
