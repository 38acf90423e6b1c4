import { useCallback, useRef, useState } from 'react';
import { toast } from '../../api/notify';
import { type ChecklistKind, useSaveResults } from '../../api/test-checklists';
import { cellKey, type ResultCell } from './result-grid-keys';

/** The existing text of a failed result save. */
export const SAVE_FAILED = 'Failed to save test result';

interface Job {
  cells: ResultCell[];
  /** Where the keys were pressed: the focus comes back here when the save fails. */
  onFail?: () => void;
}

/**
 * Result saves from the keyboard, one saveResults call at a time in the order the keys came: keys pressed while a
 * save runs wait their turn, none is dropped. While waiting or running a cell is pending (its intended result, by
 * cellKey). A failed save says so ('Failed to save test result'), drops the saves queued behind it (they were typed
 * on top of it) and calls its `onFail`. The cells show saved results once the save's refetch is in.
 */
export function useResultQueue(kind: ChecklistKind, id: number) {
  const save = useSaveResults(kind, id);
  const mutate = useRef(save.mutateAsync);
  mutate.current = save.mutateAsync;
  const queue = useRef<Job[]>([]);
  const running = useRef(false);
  const [pending, setPending] = useState<ReadonlyMap<string, string | null>>(new Map());

  const settle = useCallback((cells: ResultCell[]) => {
    setPending((before) => {
      const next = new Map(before);
      for (const c of cells) next.delete(cellKey(c.step_id, c.item_id));
      // A later job may still hold some of these cells: put its values back.
      for (const job of queue.current) for (const c of job.cells) next.set(cellKey(c.step_id, c.item_id), c.result);
      return next;
    });
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    while (queue.current.length) {
      const job = queue.current[0]!;
      try {
        await mutate.current(job.cells);
        queue.current.shift();
        settle(job.cells);
      } catch {
        const dropped = queue.current.flatMap((j) => j.cells);
        queue.current = [];
        settle(dropped);
        toast(SAVE_FAILED, 'error');
        job.onFail?.();
      }
    }
    running.current = false;
  }, [settle]);

  /** Queues one save of `cells` (nothing for an empty list). */
  const enqueue = useCallback(
    (cells: ResultCell[], onFail?: () => void) => {
      if (!cells.length) return;
      queue.current.push({ cells, onFail });
      setPending((before) => {
        const next = new Map(before);
        for (const c of cells) next.set(cellKey(c.step_id, c.item_id), c.result);
        return next;
      });
      void run();
    },
    [run],
  );

  return { enqueue, pending };
}
