import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * Screen-reader announcements of a drag-and-drop list (issue 9: they name the line, not dnd-kit's
 * internal id). `nameOf` answers e.g. "line 2 (SEN-100)" or "step 3: Check the LEDs".
 */
export function sortAnnouncements(nameOf: (id: UniqueIdentifier) => string, item = 'line'): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : `${nameOf(active.id)} is no longer over a ${item}.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped at ${nameOf(over.id)}.` : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

/** A test step as announced: its SI number and the start of its description. */
export function stepName(step: { si_number: number; test_desc: string } | undefined): string {
  if (!step) return 'step';
  const desc = step.test_desc.length > 60 ? `${step.test_desc.slice(0, 57)}…` : step.test_desc;
  return `step ${step.si_number}: ${desc}`;
}
