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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Checkbox, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Control, FieldArrayWithId } from 'react-hook-form';
import { useFormState, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { formatMoney } from '../../../components/format';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { sortAnnouncements } from '../../../components/sort-announcements';
import { type DocForm, type LineForm, lineFormAmount, testExcess } from './doc-form';

type Ctl = Control<DocForm, unknown, DocForm>;
type Field = FieldArrayWithId<DocForm, 'products', 'key'>;

/** How a line is named to assistive technology: its position and product code. */
function lineName(line: Partial<LineForm> | undefined, index: number) {
  return `line ${index + 1}${line?.product_code ? ` (${line.product_code})` : ''}`;
}

/** The product lines: inline editing, drag-and-drop order (@dnd-kit/sortable), remove. */
export function ProductLines({
  control,
  fields,
  money,
  editable,
  onMove,
  onRemove,
  onShippingFlag,
}: {
  control: Ctl;
  fields: Field[];
  money: boolean;
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onShippingFlag: (index: number, value: number) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const lines = useWatch({ control, name: 'products' }) ?? [];
  const showTests = lines.some((l) => l && testExcess(l) > 0);

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = fields.findIndex((f) => f.key === e.active.id);
    const to = fields.findIndex((f) => f.key === e.over?.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  // Screen-reader announcements while dragging name the line, not dnd-kit's internal key.
  const nameOf = (key: unknown) => {
    const i = fields.findIndex((f) => f.key === key);
    return i < 0 ? 'line' : lineName(lines[i] ?? fields[i], i);
  };
  const announcements = sortAnnouncements(nameOf);

  if (fields.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="lines-empty">
        No products yet.
      </Typography>
    );
  }
  return (
    <ScrollRegion label="Product lines">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements }}
      >
        <Table size="small" data-testid="lines-table">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              {editable && <TableCell width={40} />}
              <TableCell>Product</TableCell>
              <TableCell sx={{ minWidth: 220 }}>Name</TableCell>
              <TableCell width={100}>Quantity</TableCell>
              {money && <TableCell width={140}>MSRP</TableCell>}
              {money && <TableCell width={110}>Discount %</TableCell>}
              {money && (
                <TableCell width={130} align="right">
                  Amount
                </TableCell>
              )}
              <TableCell width={90} align="center">
                Shipping cost
              </TableCell>
              {showTests && <TableCell width={120}>Tests</TableCell>}
              {editable && <TableCell width={48} />}
            </TableRow>
          </TableHead>
          <TableBody>
            <SortableContext items={fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
              {fields.map((f, i) => (
                <LineRow
                  key={f.key}
                  id={f.key}
                  index={i}
                  control={control}
                  line={lines[i] ?? f}
                  money={money}
                  editable={editable}
                  showTests={showTests}
                  onRemove={() => onRemove(i)}
                  onShippingFlag={(v) => onShippingFlag(i, v)}
                />
              ))}
            </SortableContext>
          </TableBody>
        </Table>
      </DndContext>
    </ScrollRegion>
  );
}

function LineRow({
  id,
  index,
  control,
  line,
  money,
  editable,
  showTests,
  onRemove,
  onShippingFlag,
}: {
  id: string;
  index: number;
  control: Ctl;
  line: LineForm;
  money: boolean;
  editable: boolean;
  showTests: boolean;
  onRemove: () => void;
  onShippingFlag: (v: number) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !editable,
  });
  const cell = { size: 'small' as const, variant: 'standard' as const, fullWidth: true, disabled: !editable };
  // The inputs sit under column headers only, so each carries its own accessible name.
  const ln = lineName(line, index);
  const named = (label: string) => ({ slotProps: { htmlInput: { 'aria-label': `${label}, ${ln}` } } });
  const numberCell = (field: 'quantity' | 'msrp' | 'discount', label: string, inputMode: 'numeric' | 'decimal') => (
    <TableCell>
      <FormTextField
        control={control}
        name={`products.${index}.${field}`}
        {...named(label)}
        inputMode={inputMode}
        {...cell}
      />
    </TableCell>
  );
  const excess = testExcess(line);
  return (
    <TableRow
      ref={setNodeRef}
      data-testid="line-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ bgcolor: isDragging ? 'action.hover' : undefined, position: 'relative', zIndex: isDragging ? 1 : 0 }}
    >
      {editable && (
        <TableCell>
          <IconButton
            size="small"
            aria-label={`Drag to reorder ${ln}`}
            sx={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </TableCell>
      )}
      <ProductCell control={control} index={index} line={line} editable={editable} label={`Product code, ${ln}`} />
      <TableCell>
        <FormTextField control={control} name={`products.${index}.name`} {...named('Name')} {...cell} />
      </TableCell>
      {numberCell('quantity', 'Quantity', 'numeric')}
      {money && numberCell('msrp', 'MSRP', 'decimal')}
      {money && numberCell('discount', 'Discount %', 'decimal')}
      {money && (
        <TableCell align="right" data-testid="line-amount">
          {formatMoney(lineFormAmount(line), 'US$')}
        </TableCell>
      )}
      <TableCell align="center">
        <Checkbox
          size="small"
          checked={!!line.is_shipping_cost}
          disabled={!editable}
          onChange={(_, c) => onShippingFlag(c ? 1 : 0)}
          slotProps={{ input: { 'aria-label': `Shipping cost, ${ln}`, 'data-testid': 'line-shipping' } as object }}
        />
      </TableCell>
      {showTests && (
        <TableCell sx={{ whiteSpace: 'nowrap', color: excess > 0 ? 'warning.dark' : undefined }}>
          {excess > 0 ? `Tests: ${line.test_count} (+${excess})` : ''}
        </TableCell>
      )}
      {editable && (
        <TableCell>
          <IconButton size="small" aria-label={`Remove ${ln}`} onClick={onRemove} data-testid="line-remove">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The line's product: its code, or — for a product the save creates (no product_id) — the code as a field, so a
 * code the server refuses (already taken) shows on it and can be corrected. A refused product id shows here too.
 */
function ProductCell({
  control,
  index,
  line,
  editable,
  label,
}: {
  control: Ctl;
  index: number;
  line: LineForm;
  editable: boolean;
  label: string;
}) {
  const { errors } = useFormState({ control, name: `products.${index}` });
  const lineErrors = errors.products?.[index];
  const other = lineErrors?.product_id?.message ?? lineErrors?.desc?.message;
  const isNew = !line.product_id;
  return (
    <TableCell sx={{ whiteSpace: 'nowrap', minWidth: isNew && editable ? 160 : undefined }}>
      {isNew && editable ? (
        <FormTextField
          control={control}
          name={`products.${index}.product_code`}
          size="small"
          variant="standard"
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': label } }}
        />
      ) : (
        line.product_code
      )}
      {isNew && (
        <Typography variant="caption" color="text.secondary" display="block">
          new product
        </Typography>
      )}
      {other && (
        <Typography variant="caption" color="error" display="block" role="alert">
          {other}
        </Typography>
      )}
    </TableCell>
  );
}
