/**
 * Which columns of a list the user shows (issue 9 item 11). Only the user's own choices are stored — columns
 * they showed and columns they hid — so a column added later, or a changed default, still takes its default.
 */
export interface ColumnChoice {
  hidden: string[];
  shown: string[];
}

export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

interface ChoosableColumn {
  key: string;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
}

/** Whether a column is on screen under the user's choice. */
export function isColumnVisible(column: ChoosableColumn, choice: ColumnChoice): boolean {
  if (choice.shown.includes(column.key)) return true;
  if (choice.hidden.includes(column.key)) return false;
  return !column.defaultHidden;
}

/** The columns on screen, in their order. */
export function visibleColumns<C extends ChoosableColumn>(columns: C[], choice: ColumnChoice): C[] {
  return columns.filter((c) => isColumnVisible(c, choice));
}

/** Shows or hides one column; the last visible column cannot be hidden (the choice is returned unchanged). */
export function toggleColumn(columns: ChoosableColumn[], choice: ColumnChoice, key: string): ColumnChoice {
  const column = columns.find((c) => c.key === key);
  if (!column) return choice;
  const hide = isColumnVisible(column, choice);
  if (hide && visibleColumns(columns, choice).length <= 1) return choice;
  const hidden = choice.hidden.filter((k) => k !== key);
  const shown = choice.shown.filter((k) => k !== key);
  // Back to the column's default: nothing to store.
  if (hide !== !!column.defaultHidden) (hide ? hidden : shown).push(key);
  return { hidden, shown };
}
