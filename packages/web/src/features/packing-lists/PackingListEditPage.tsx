import { TEST_STATUS_LABELS, type TestStatus } from '@bpm/contract/orders';
import {
  type PackingLine,
  type PackingList,
  type PackingListSave,
  PL_MSG,
  packingListSave,
  serialCountProblem,
} from '@bpm/contract/packing-lists';
import { splitSerials } from '@bpm/contract/test-checklists';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  FormControlLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { type Control, Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../api/auth-store';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  downloadPackingListPdf,
  useDeletePackingList,
  usePackingList,
  usePackingOrder,
  usePackingOrders,
  useSavePackingList,
} from '../../api/packing-lists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConflict } from '../../components/ConflictBanner';
import { FormDateField } from '../../components/FormDateField';
import { FormPage, useIdParam } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { SKIP_LEAVE_GUARD } from '../../components/form-guard';
import { dateInputToUnix, formatDate, unixToDateInput } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SerialLinks } from '../../components/SerialLinks';

/** The form's values: the shipping date as the date input's 'YYYY-MM-DD', '' before an order is chosen. */
interface Values {
  order_id: number | '';
  po_number: string;
  shipping_date: string;
  customer: string;
  country: string;
  show_logo: number;
  products: PackingLine[];
  version?: number;
}

const HEAD_FIELDS = [
  'order_id',
  'po_number',
  'shipping_date',
  'customer',
  'country',
  'show_logo',
  'products',
  'version',
];
const LINE_FIELDS = ['quantity', 'pl_box', 'pl_serial'] as const;

const fromList = (p: PackingList | undefined): Values => ({
  order_id: p?.order_id ?? '',
  po_number: p?.po_number ?? '',
  shipping_date: unixToDateInput(p?.shipping_date ?? null),
  customer: p?.customer ?? '',
  country: p?.country ?? '',
  show_logo: p?.show_logo ?? 1,
  products: p?.products ?? [],
  version: p?.version,
});

/** The contract's packingListSave checks what will be sent: the date input as unix seconds. */
const validate = zodResolver(packingListSave);
const resolver: Resolver<Values, unknown, PackingListSave> = (values, ctx, opts) =>
  validate({ ...values, shipping_date: dateInputToUnix(values.shipping_date) } as never, ctx, opts as never) as never;

/** /packinglists/add and /packinglists/edit/{PackingListId} (document 2 sections 2 and 5). */
export default function PackingListEditPage() {
  const id = useIdParam('PackingListId');
  const existing = usePackingList(id);
  // Kept across the move from add to edit after the first save.
  const [warnings, setWarnings] = useState<string[]>([]);
  if (id && existing.isLoading) return <PageLoader />;
  if (id && (existing.isError || !existing.data)) return <Alert severity="error">{PL_MSG.notFound}</Alert>;
  return (
    <PackingListForm
      key={id ?? 'new'}
      id={id}
      list={existing.data}
      reload={() => existing.refetch()}
      warnings={warnings}
      setWarnings={setWarnings}
    />
  );
}

function PackingListForm({
  id,
  list,
  reload,
  warnings,
  setWarnings,
}: {
  id: number | undefined;
  list: PackingList | undefined;
  reload: () => Promise<{ data?: PackingList }>;
  warnings: string[];
  setWarnings: (w: string[]) => void;
}) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<number>();
  const [deleting, setDeleting] = useState(false);
  const { control, handleSubmit, setError, setValue, getValues, reset, formState } = useForm<
    Values,
    unknown,
    PackingListSave
  >({ resolver, defaultValues: fromList(list) });
  const conflict = useConflict(reload, (fresh) => reset(fromList(fresh)));
  const order = usePackingOrder(picked ?? list?.order_id);
  const save = useSavePackingList();
  const del = useDeletePackingList();
  const lines = useWatch({ control, name: 'products' });

  const testStatus = (order.data?.test_status ?? list?.test_status) as TestStatus | undefined;

  // Picking an order fills the lines; serials come from its checklists when it has them (read-only).
  const pick = (orderId: number | undefined) => {
    setPicked(orderId);
    setValue('order_id', orderId ?? '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  useEffect(() => {
    const o = order.data;
    if (!o || !picked || o.id !== picked) return;
    setValue('products', o.products, { shouldDirty: true });
    if (!getValues('customer')) setValue('customer', o.customer, { shouldDirty: true });
    if (!getValues('country')) setValue('country', o.country, { shouldDirty: true });
  }, [order.data, picked, setValue, getValues]);

  const onSubmit = handleSubmit(async (values) => {
    conflict.set(null);
    try {
      const saved = await save.mutateAsync({ ...values, id, version: id ? values.version : undefined });
      setWarnings(saved.warnings ?? []);
      toast('Save successfully', 'success');
      reset(fromList(saved));
      if (!id) navigate(`/packinglists/edit/${saved.id}`, { replace: true, state: SKIP_LEAVE_GUARD });
    } catch (err) {
      const fields = [
        ...HEAD_FIELDS,
        ...getValues('products').flatMap((_, i) => LINE_FIELDS.map((f) => `products.${i}.${f}`)),
      ];
      handleSaveError(err, setError as never, fields, conflict.set);
    }
  });

  return (
    <FormPage
      onSubmit={onSubmit}
      layout="sections"
      header={
        <PageHeader
          back
          title={id ? `Packing List ${list?.oc_ref ?? ''}` : 'New Packing List'}
          actions={id && <PackingActions id={id} onDelete={() => setDeleting(true)} />}
        />
      }
      conflict={conflict}
      notice={<PackingNotices warnings={warnings} testStatus={testStatus} />}
      testIdPrefix="packing"
      onCancel={() => navigate('/packinglists')}
      saving={save.isPending}
      dirty={formState.isDirty}
      after={
        <ConfirmDialog
          open={deleting}
          message="Are you sure you want to delete this packing list?"
          onCancel={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            if (id)
              del.mutateAsync(id).then(
                () => navigate('/packinglists', { state: SKIP_LEAVE_GUARD }),
                () => undefined,
              );
          }}
        />
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          {id ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Order" value={`${list?.oc_ref} · ${list?.dealer_name}`} disabled fullWidth />
              {/* Counted by the server on every edit (document 2 §5 'revision'); shown, never typed. */}
              <TextField label="Revision" value={list?.revision ?? ''} disabled data-testid="packing-revision" />
            </Stack>
          ) : (
            <OrderField control={control} onPick={pick} />
          )}
          <FormTextField control={control} name="po_number" label="PO Number" />
          <FormDateField control={control} name="shipping_date" label="Shipping Date" />
          <FormTextField control={control} name="customer" label="Customer" multiline minRows={2} />
          <FormTextField control={control} name="country" label="Country" />
          <ShowLogoCheckbox control={control} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ mb: 2, overflowX: 'auto' }}>
        {formState.errors.products?.message && (
          <Alert severity="error" role="alert">
            {formState.errors.products.message}
          </Alert>
        )}
        <Table size="small" data-testid="packing-lines">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell width={90}>Quantity</TableCell>
              <TableCell width={90}>Box</TableCell>
              <TableCell>Serial Numbers</TableCell>
              <TableCell width={110}>Warranty (days)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(lines ?? []).map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: packing lines have no id; their position is their identity
              <LineRow key={`${l.product_id}-${i}`} control={control} line={l} i={i} />
            ))}
          </TableBody>
        </Table>
      </Paper>
    </FormPage>
  );
}

type PackingControl = Control<Values, unknown, PackingListSave>;

/** The saved list's actions: history, PDF, License Devices (who may) and Delete. */
function PackingActions({ id, onDelete }: { id: number; onDelete: () => void }) {
  const can = useCan();
  return (
    <Stack direction="row" spacing={1}>
      <Button component={Link} to={`/events/packinglist/${id}`} data-testid="view-history">
        View History
      </Button>
      <Button onClick={() => downloadPackingListPdf(id, can('files.admin')).catch(() => undefined)}>PDF</Button>
      {can('license.generate') && (
        <Button component={Link} to={`/genlic?packing_list_id=${id}`} data-testid="packing-license">
          License Devices
        </Button>
      )}
      <Button color="error" onClick={onDelete} data-testid="packing-delete">
        Delete
      </Button>
    </Stack>
  );
}

/** The save's warnings and, until the tests are completed, the order's test status. */
function PackingNotices({ warnings, testStatus }: { warnings: string[]; testStatus: TestStatus | undefined }) {
  return (
    <>
      {warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 2 }} data-testid="packing-warning">
          {w}
        </Alert>
      ))}
      {testStatus && testStatus !== 'completed' && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="test-status-warning">
          Test status: {TEST_STATUS_LABELS[testStatus] ?? testStatus}
        </Alert>
      )}
    </>
  );
}

/** A new list's order: search the orders, pick one (`onPick`). */
function OrderField({ control, onPick }: { control: PackingControl; onPick: (orderId: number | undefined) => void }) {
  const [search, setSearch] = useState('');
  const orders = usePackingOrders(search);
  return (
    <Controller
      control={control}
      name="order_id"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={orders.data ?? []}
          getOptionLabel={(o) => `${o.oc_ref || `#${o.id}`} · ${o.dealer_name} · ${formatDate(o.date)}`}
          onInputChange={(_, v) => setSearch(v)}
          onChange={(_, o) => onPick(o?.id)}
          onBlur={field.onBlur}
          filterOptions={(x) => x}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label="Order"
              required
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'packing-order' } }}
            />
          )}
        />
      )}
    />
  );
}

/** Show Logo: whether the PDF carries the logo (0/1). */
function ShowLogoCheckbox({ control }: { control: PackingControl }) {
  return (
    <Controller
      control={control}
      name="show_logo"
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={field.value === 1}
              onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
              onBlur={field.onBlur}
            />
          }
          label="Show Logo"
        />
      )}
    />
  );
}

/** One packing line: quantity, box and serials (read-only when the test checklists supply them). */
function LineRow({
  control,
  line: l,
  i,
}: {
  control: Control<Values, unknown, PackingListSave>;
  line: PackingLine;
  i: number;
}) {
  const problem = serialCountProblem(l);
  const serials = [...new Set(splitSerials(l.pl_serial))];
  return (
    <TableRow data-testid="packing-line">
      <TableCell>{l.pl_name}</TableCell>
      <TableCell>
        <Controller
          control={control}
          name={`products.${i}.quantity`}
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              type="number"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { 'aria-label': `Quantity, ${l.pl_name}` } }}
            />
          )}
        />
      </TableCell>
      <TableCell>
        <FormTextField
          control={control}
          name={`products.${i}.pl_box`}
          size="small"
          slotProps={{ htmlInput: { 'aria-label': `Box, ${l.pl_name}` } }}
        />
      </TableCell>
      <TableCell>
        <Controller
          control={control}
          name={`products.${i}.pl_serial`}
          render={({ field, fieldState }) => (
            <TextField
              fullWidth
              multiline
              minRows={2}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                problem ??
                (l.serials_from_test_checklist ? 'From the test checklists; add untested units below them' : undefined)
              }
              slotProps={{
                htmlInput: { 'data-testid': 'packing-serials', 'aria-label': `Serial Numbers, ${l.pl_name}` },
                // A count that does not fit is a warning (the save still goes through): red, not invalid.
                formHelperText: {
                  'data-testid': 'packing-serials-help',
                  error: !!fieldState.error || !!problem,
                } as object,
              }}
            />
          )}
        />
        {serials.length > 0 && (
          <Typography variant="caption" component="div" sx={{ mt: 0.5 }} data-testid="packing-passports">
            Passports: <SerialLinks serials={serials} />
          </Typography>
        )}
      </TableCell>
      <TableCell>{l.warranty}</TableCell>
    </TableRow>
  );
}
