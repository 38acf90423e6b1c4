// The table's controls beside the rows: the column chooser and, on a phone, the sort select.
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem, MenuList, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { type ColumnChoice, isColumnVisible, NO_CHOICE, toggleColumn } from './column-visibility';
import type { Column, SortState } from './DataTable';

/** A column's name in words (its label, else a text header, else its key). */
export const headerText = <T,>(c: Column<T>) => c.label ?? (typeof c.header === 'string' ? c.header : c.key);

/** The 'Columns' button: a menu of checkboxes, one per column, and 'Reset columns'. */
export function ColumnChooser<T>({
  columns,
  choice,
  onChange,
  testId,
}: {
  columns: Column<T>[];
  choice: ColumnChoice;
  onChange: (choice: ColumnChoice) => void;
  testId: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="true"
        aria-expanded={!!anchor}
        aria-controls={anchor ? menuId : undefined}
        data-testid={testId}
      >
        Columns
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuList dense disablePadding>
          {columns.map((c) => {
            const on = isColumnVisible(c, choice);
            return (
              <MenuItem
                key={c.key}
                role="menuitemcheckbox"
                aria-checked={on}
                onClick={() => onChange(toggleColumn(columns, choice, c.key))}
                data-testid={`${testId}-${c.key}`}
              >
                <ListItemIcon>
                  <Checkbox edge="start" size="small" checked={on} tabIndex={-1} disableRipple sx={{ p: 0 }} />
                </ListItemIcon>
                <ListItemText>{headerText(c)}</ListItemText>
              </MenuItem>
            );
          })}
          <MenuItem onClick={() => onChange(NO_CHOICE)} data-testid={`${testId}-reset`}>
            <ListItemText inset>Reset columns</ListItemText>
          </MenuItem>
        </MenuList>
      </Menu>
    </>
  );
}

/** On a phone there are no column headers: sorting is a select of the sortable columns and their direction. */
export function PhoneSort<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: Column<T>[];
  sort?: SortState;
  onSortChange: (sort: SortState) => void;
}) {
  const sortable = columns.filter((c) => c.sortKey);
  if (!sortable.length) return null;
  const value = sort?.sort ? `${sort.sort}:${sort.order ?? 'asc'}` : '';
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={value}
      onChange={(e) => {
        const [key, order] = e.target.value.split(':');
        onSortChange({ sort: key, order: order === 'desc' ? 'desc' : 'asc' });
      }}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {!value && <option value="" />}
      {sortable.flatMap((c) => [
        <option key={`${c.key}:asc`} value={`${c.sortKey}:asc`}>
          {headerText(c)} ↑
        </option>,
        <option key={`${c.key}:desc`} value={`${c.sortKey}:desc`}>
          {headerText(c)} ↓
        </option>,
      ])}
    </TextField>
  );
}
