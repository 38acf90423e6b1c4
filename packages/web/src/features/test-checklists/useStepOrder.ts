import type { TestStep } from '@bpm/contract/test-checklists';
import {
  closestCenter,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../api/notify';
import { type ChecklistKind, useReorderSteps } from '../../api/test-checklists';
import { sortAnnouncements, stepName } from '../../components/sort-announcements';

/**
 * The steps' order by drag and drop (dnd-kit: pointer, touch, or the handle's Space + arrow keys): the steps as
 * shown (moved at once, back if the save fails), the DndContext's props, and `dragging` while a drag is on (the
 * grid leaves the arrow keys to dnd-kit then).
 */
export function useStepOrder(kind: ChecklistKind, checklistId: number, steps: TestStep[]) {
  const [items, setItems] = useState(steps);
  useEffect(() => setItems(steps), [steps]);
  const dragging = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const reorder = useReorderSteps(kind, checklistId);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    dragging.current = false;
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
  const dnd = {
    sensors,
    collisionDetection: closestCenter,
    onDragStart: () => {
      dragging.current = true;
    },
    onDragEnd,
    onDragCancel: () => {
      dragging.current = false;
    },
    accessibility: { announcements: sortAnnouncements((id) => stepName(items.find((x) => x.id === id)), 'step') },
  };
  return { items, dragging, dnd };
}
