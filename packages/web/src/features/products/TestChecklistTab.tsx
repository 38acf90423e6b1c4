import { MSG } from '@bpm/contract/messages';
import type { Product, TestStep } from '@bpm/contract/products';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
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
import { Box, Button, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { toast } from '../../api/notify';
import { useDeleteTestStep, useReorderTestStep, useSaveTestChecklistRev, useTestSteps } from '../../api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { sortAnnouncements, stepName } from '../../components/sort-announcements';
import { RevisionBar } from './RevisionBar';
import { TestStepDialog } from './TestStepDialog';

/** Test Checklist tab (administrator, production, sale): ordered steps, drag reorder, REV (document 2 section 2). */
export function TestChecklistTab({ product }: { product: Product }) {
  const steps = useTestSteps(product.id);
  const del = useDeleteTestStep();
  const reorder = useReorderTestStep();
  const saveRev = useSaveTestChecklistRev();
  // Local order while a reorder is in flight, so the dropped row stays where it was dropped.
  const [items, setItems] = useState<TestStep[]>([]);
  const [editing, setEditing] = useState<{ step?: TestStep; n: number } | null>(null);
  const [toDelete, setToDelete] = useState<TestStep | null>(null);
  useEffect(() => {
    if (steps.data) setItems(steps.data);
  }, [steps.data]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // New step SI number is the highest existing plus 1 (document 2 section 4).
  const nextSi = items.reduce((m, s) => Math.max(m, s.si_number), 0) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((s) => s.id === active.id);
    const to = items.findIndex((s) => s.id === over.id);
    if (from < 0 || to < 0) return;
    setItems(arrayMove(items, from, to));
    reorder.mutate(
      { checklist_id: Number(active.id), new_si_number: to + 1, product_id: product.id },
      {
        onError: () => {
          toast(MSG.reorderFailed, 'error');
          if (steps.data) setItems(steps.data);
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      <RevisionBar
        label="Test Checklist REV"
        initial={product.test_checklist_rev}
        width={240}
        testId="checklist-rev"
        stackBelow="sm"
        saving={saveRev.isPending}
        onSave={(testChecklistRev) => saveRev.mutateAsync({ productId: product.id, testChecklistRev })}
        savedMessage={MSG.testChecklistRevSaved}
        failedMessage={MSG.testRevFailed}
      />

      <Paper variant="outlined">
        <Stack direction="row" alignItems="center" sx={{ p: 1.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              Test Steps ({items.length})
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Drag a step by its handle (or focus the handle, press Space, move with the arrow keys, Space again) to
              change the order.
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ n: Date.now() })}
            data-testid="step-add"
          >
            Add Step
          </Button>
        </Stack>
        <Box sx={{ height: 4 }}>{(steps.isFetching || reorder.isPending) && <LinearProgress />}</Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '48px 80px 1fr 96px',
            px: 1,
            py: 1,
            fontWeight: 600,
            borderBottom: 1,
            borderColor: 'divider',
            fontSize: 14,
          }}
        >
          <span />
          <span>SI No.</span>
          <span>Test Description</span>
          <span />
        </Box>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: sortAnnouncements((id) => stepName(items.find((x) => x.id === id)), 'step') }}
        >
          <SortableContext items={items.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <Box data-testid="steps-list">
              {items.map((s) => (
                <StepRow
                  key={s.id}
                  step={s}
                  onEdit={() => setEditing({ step: s, n: Date.now() })}
                  onDelete={() => setToDelete(s)}
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
        {items.length === 0 && !steps.isFetching && (
          <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
            No test steps yet
          </Typography>
        )}
      </Paper>

      {editing && (
        <TestStepDialog
          key={editing.n}
          productId={product.id}
          step={editing.step}
          nextSi={nextSi}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        message={MSG.deleteTestStepConfirm}
        busy={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const s = toDelete;
          setToDelete(null);
          if (s) del.mutate(s.id);
        }}
      />
    </Stack>
  );
}

function StepRow({ step, onEdit, onDelete }: { step: TestStep; onEdit: () => void; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: step.id,
  });
  return (
    <Box
      ref={setNodeRef}
      data-testid="step-row"
      data-step-id={step.id}
      sx={{
        display: 'grid',
        gridTemplateColumns: '48px 80px 1fr 96px',
        alignItems: 'center',
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={`Move step ${step.si_number}`}
        data-testid="step-handle"
        sx={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Typography data-testid="step-si">{step.si_number}</Typography>
      <Typography data-testid="step-desc" sx={{ whiteSpace: 'pre-wrap' }}>
        {step.test_desc}
      </Typography>
      <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit step ${step.si_number}`} data-testid="step-edit" onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton
            size="small"
            aria-label={`Delete step ${step.si_number}`}
            data-testid="step-delete"
            onClick={onDelete}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
