import { MSG } from '@bpm/contract/messages';
import {
  ORDER_FILE_FIELDS,
  ORDER_NOTE_LINES,
  type OrderFileField,
  PAYMENT_STATUSES,
  refFromFileName,
  SHIPPING_STATUS_COLORS,
  type ShippingStatus,
  statusLocked,
} from '@bpm/contract/orders';
import { canReach, type Role } from '@bpm/contract/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/auth-store';
import { ApiError } from '../../../api/errors';
import { toast } from '../../../api/notify';
import {
  type DocKind,
  docKeys,
  fetchDealer,
  type SalesDoc,
  useDealerOptions,
  useDeleteAction,
  useGenerateDocument,
  useSaveDoc,
  useTurnToOrder,
  variantOf,
} from '../../../api/orders';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormTextField } from '../../../components/FormTextField';
import { formatDateTime, formatMoney } from '../../../components/format';
import { AddProductDialog } from './AddProductDialog';
import { DocFiles } from './DocFiles';
import {
  type DocForm,
  dealerCopy,
  duplicateFields,
  emptyForm,
  formFromDoc,
  linesForDealer,
  linesTotals,
  saveFields,
  shippingAfterChange,
  testExcess,
  todayStart,
  variantInfo,
} from './doc-form';
import { CheckField, CountryField, DateField, MoneyField } from './fields';
import { ProductLines } from './ProductLines';

const FORM_KEYS = Object.keys(emptyForm()).concat(['id', 'version']);
const isFormField = (k: string) => FORM_KEYS.includes(k) || /^products\.\d+\.[a-z_]+$/.test(k);
const linePrefix = (k: string) => /^products\.\d+/.exec(k)?.[0];

type SaveMode = 'save' | 'revise' | 'duplicate';

const KIND_TEXT = {
  order: { title: 'Order', list: '/orders', edit: '/orders/edit' },
  quotation: { title: 'Quotation', list: '/quotations', edit: '/quotations/edit' },
} as const;

/**
 * The order and quotation editor (document 1 sections 2.8, 2.9, 4, 5): one screen, variants by
 * kind and by role (sales/administrator, shipping, production), each with its own calls.
 */
export function SalesDocEditor({
  kind,
  doc,
  reload,
}: {
  kind: DocKind;
  doc?: SalesDoc;
  reload: () => Promise<{ data?: SalesDoc }>;
}) {
  const user = useCurrentUser();
  const role = user.user_role as Role;
  const variant = variantOf(role);
  const info = useMemo(() => variantInfo(kind, variant), [kind, variant]);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const text = KIND_TEXT[kind];
  const fromDashboard = params.get('page') === 'dashboard';
  // Shipping always returns to its list; the others return to the dashboard they came from.
  const backTo = variant !== 'shipping' && fromDashboard && canReach(role, '/dashboard') ? '/dashboard' : text.list;

  const [current, setCurrent] = useState<SalesDoc | undefined>(doc);
  const isNew = !current;
  const can = (field: string) => info.canSave && info.editable(field, isNew);

  const form = useForm<DocForm, unknown, DocForm>({
    // raw: the form keeps its own values; the contract schema only validates them.
    resolver: zodResolver(info.schema as never, undefined, { raw: true }) as unknown as Resolver<
      DocForm,
      unknown,
      DocForm
    >,
    defaultValues: doc ? formFromDoc(doc) : emptyForm(),
  });
  const { control, handleSubmit, setValue, getValues, setError, reset, formState } = form;
  const lines = useFieldArray({ control, name: 'products', keyName: 'key' });
  const watchedLines = useWatch({ control, name: 'products' });
  const awb = useWatch({ control, name: 'shipping_awb' });
  const status = useWatch({ control, name: 'shipping_status' });
  const dealerId = useWatch({ control, name: 'dealer' });
  const expected = useWatch({ control, name: 'shipping_date_expected' });

  const [pending, setPending] = useState<Partial<Record<OrderFileField, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<OrderFileField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [confirm, setConfirm] = useState<null | 'delete' | 'turn'>(null);
  const [expectedOn, setExpectedOn] = useState(doc?.shipping_date_expected != null);
  // Server field errors stay (and block saving) until their field changes (document 1 section 5).
  const serverErrors = useRef<Record<string, string>>({});

  const save = useSaveDoc(kind, variant);
  const deleteAction = useDeleteAction(kind, variant);
  const turn = useTurnToOrder(variant);
  const generate = useGenerateDocument();
  const dealerOptions = useDealerOptions(can('dealer'));
  const dealer = useQuery({
    queryKey: ['orders', 'dealer', dealerId ?? 0],
    queryFn: () => fetchDealer(dealerId ?? 0),
    enabled: !!dealerId && info.money && info.canSave,
    staleTime: 60_000,
  });

  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (!name) return;
      for (const k of Object.keys(serverErrors.current)) {
        const lp = linePrefix(k);
        if (k === name || name === 'products' || (lp && lp === linePrefix(name))) delete serverErrors.current[k];
      }
    });
    return () => sub.unsubscribe();
  }, [form]);

  // Value and shipping cost follow the lines (a document without lines keeps the typed amounts).
  const totals = useMemo(() => linesTotals(watchedLines ?? []), [watchedLines]);
  const hasLines = (watchedLines?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasLines || !info.money || !info.canSave) return;
    if (getValues('value') !== String(totals.value)) setValue('value', String(totals.value), { shouldDirty: true });
    if (getValues('shipping_cost') !== String(totals.shipping_cost))
      setValue('shipping_cost', String(totals.shipping_cost), { shouldDirty: true });
  }, [totals, hasLines, info, getValues, setValue]);

  // An AWB forces done; done clears 'Shipments for today' (document 1 section 4.1).
  useEffect(() => {
    if (!can('shipping_status') && !can('shipping_awb')) return;
    const r = shippingAfterChange({
      shipping_status: status,
      shipping_awb: awb ?? '',
      shipping_for_today: getValues('shipping_for_today'),
    });
    if (r.shipping_status !== status) setValue('shipping_status', r.shipping_status, { shouldDirty: true });
    if (r.shipping_for_today !== getValues('shipping_for_today'))
      setValue('shipping_for_today', r.shipping_for_today, { shouldDirty: true });
  });

  const accept = (fresh: SalesDoc) => {
    setCurrent(fresh);
    reset(formFromDoc(fresh));
    setExpectedOn(fresh.shipping_date_expected != null);
    setPending({});
    setFileErrors({});
    setOtherErrors([]);
    serverErrors.current = {};
    qc.setQueryData(docKeys.detail(kind, variant, fresh.id), fresh);
  };

  const showServerErrors = (cause: Record<string, string>) => {
    const files: Partial<Record<OrderFileField, string>> = {};
    const other: string[] = [];
    let first = true;
    for (const [k, message] of Object.entries(cause)) {
      if ((ORDER_FILE_FIELDS as readonly string[]).includes(k)) files[k as OrderFileField] = message;
      else if (isFormField(k)) {
        setError(k as never, { type: 'server', message }, { shouldFocus: first });
        first = false;
      } else other.push(`${k}: ${message}`);
    }
    setFileErrors((f) => ({ ...f, ...files }));
    setOtherErrors(other);
  };

  const onDealerChange = async (id: number | null) => {
    if (!id) return;
    try {
      const d = await fetchDealer(id);
      for (const [k, v] of Object.entries(dealerCopy(d))) setValue(k as never, v as never, { shouldDirty: true });
      const updated = linesForDealer(getValues('products'), d);
      for (const [i, l] of updated.entries()) setValue(`products.${i}.discount`, l.discount, { shouldDirty: true });
      qc.setQueryData(['orders', 'dealer', id], d);
    } catch (err) {
      console.error(err); // toasted by the client
    }
  };

  /** Shipping and production orders: flags a missing oc_ref and oc_pdf; true when either is missing. */
  const ocMissing = (values: DocForm) => {
    if (!info.ocRequired) return false;
    let missing = false;
    if (!values.oc_ref.trim()) {
      setError('oc_ref', { type: 'required', message: MSG.required });
      missing = true;
    }
    if (!pending.oc_pdf && !current?.oc_pdf) {
      setFileErrors((f) => ({ ...f, oc_pdf: MSG.required }));
      missing = true;
    }
    return missing;
  };

  /** Validates, saves (plain, revise or duplicate); answers the saved document or undefined. */
  const runSave = (mode: SaveMode) =>
    new Promise<SalesDoc | undefined>((resolve) => {
      void handleSubmit(
        async (values) => {
          setConflict(null);
          if (Object.keys(serverErrors.current).length) {
            showServerErrors(serverErrors.current);
            return resolve(undefined);
          }
          if (ocMissing(values)) return resolve(undefined);
          let fields = saveFields(values, info);
          if (mode === 'duplicate') fields = duplicateFields(fields);
          else for (const f of info.uploads) if (pending[f]) fields[f] = pending[f];
          if (mode === 'revise') fields.revise = 1;
          try {
            const res = await save.mutateAsync(fields);
            toast(MSG.saved, 'success');
            if (res.warning) toast(res.warning, 'warning');
            if (mode === 'duplicate' || !current) {
              qc.setQueryData(docKeys.detail(kind, variant, res.data.id), res.data);
              const qs = fromDashboard ? '?page=dashboard' : '';
              navigate(`${text.edit}/${res.data.id}${qs}`, { replace: !current });
            } else accept(res.data);
            resolve(res.data);
          } catch (err) {
            resolve(undefined);
            if (!(err instanceof ApiError)) return console.error(err);
            if (err.code === 'stale_version') setConflict(err.message);
            const cause = err.fieldErrors;
            serverErrors.current = { ...cause };
            showServerErrors(cause);
          }
        },
        () => {
          // The schema failed: flag a missing oc_ref / oc_pdf too, so every missing field shows at once.
          ocMissing(getValues());
          resolve(undefined);
        },
      )();
    });

  const onReload = async () => {
    const fresh = (await reload()).data;
    if (fresh) accept(fresh);
    setConflict(null);
  };

  const onDeleteAction = async (action: 'request' | 'cancel' | 'delete') => {
    if (!current) return;
    try {
      const r = await deleteAction.mutateAsync({ id: current.id, action });
      toast(MSG.saved, 'success');
      if (r.deleted) return navigate(backTo);
      const next = { ...current, request_to_delete: r.request_to_delete };
      setCurrent(next);
      qc.setQueryData(docKeys.detail(kind, variant, current.id), next);
    } catch (err) {
      console.error(err);
    }
  };

  const onConfirmOrder = async () => {
    if (!current) return;
    // Confirm what the user sees: unsaved edits are saved first.
    if (formState.isDirty || Object.keys(pending).length) {
      const saved = await runSave('save');
      if (!saved) return;
    }
    try {
      const res = await turn.mutateAsync(current.id);
      toast(MSG.saved, 'success');
      if (res.warning) toast(res.warning, 'warning');
      navigate(`/orders/edit/${res.data.id}`);
    } catch (err) {
      console.error(err);
    }
  };

  const onGenerate = async (which: 'oc' | 'invoice') => {
    if (!current) return;
    try {
      const fresh = await generate.mutateAsync({ id: current.id, which });
      // Keep the user's unsaved edits; take the new reference, file and version.
      setCurrent(fresh);
      setValue('version', fresh.version);
      if (which === 'oc') setValue('oc_ref', fresh.oc_ref ?? '');
      else setValue('invoice', fresh.invoice ?? '');
      toast(MSG.saved, 'success');
    } catch (err) {
      console.error(err);
    }
  };

  const onChooseFile = (field: OrderFileField, file: File) => {
    setPending((p) => ({ ...p, [field]: file }));
    // The server names the OC / invoice after the file; show it now.
    if (field === 'oc_pdf') setValue('oc_ref', refFromFileName(file.name), { shouldDirty: true });
    if (field === 'invoice_pdf') setValue('invoice', refFromFileName(file.name), { shouldDirty: true });
  };

  const busy = save.isPending || turn.isPending || deleteAction.isPending;
  const id = current?.id;
  const requested = current?.request_to_delete === 1;
  const mayRequestDelete = !!id && (role === 'sale' || (role === 'production' && kind === 'quotation'));
  const fullSave = info.canSave && info.sends === 'all';
  const overTested = (watchedLines ?? []).some((l) => l && testExcess(l) > 0);
  const locked = statusLocked(awb);
  const statusOptions: ShippingStatus[] = info.statuses.includes(status)
    ? [...info.statuses]
    : [status, ...info.statuses];
  const title = isNew
    ? `New ${text.title}`
    : `${text.title} ${kind === 'order' ? current?.oc_ref || `#${id}` : current?.quote_ref || `#${id}`}`;

  const currentDealerOption =
    current && dealerId === current.dealer
      ? { id: current.dealer, name: current.dealer_name, label: `${current.dealer_name} [${current.dealer}]` }
      : null;
  const options = dealerOptions.data ?? (currentDealerOption ? [currentDealerOption] : []);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runSave('save');
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <IconButton aria-label="Back" data-testid="back-button" onClick={() => navigate(backTo)}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1" data-testid="doc-title">
          {title}
        </Typography>
        {!isNew && (
          <Chip
            size="small"
            label={current?.shipping_status}
            color={SHIPPING_STATUS_COLORS[current?.shipping_status ?? 'wait']}
            data-testid="doc-status"
          />
        )}
        {requested && <Chip size="small" color="warning" label="Delete requested" data-testid="doc-delete-requested" />}
        {kind === 'quotation' && current?.order_id && (
          <Chip
            size="small"
            variant="outlined"
            label={`Confirmed as order #${current.order_id}`}
            component={RouterLink}
            to={`/orders/edit/${current.order_id}`}
            clickable
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {id && canReach(role, `/events/${kind}/${id}`) && (
          <Link component={RouterLink} to={`/events/${kind}/${id}`} data-testid="doc-history">
            View History
          </Link>
        )}
      </Box>

      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="doc-conflict"
          action={
            <Button color="inherit" size="small" onClick={onReload} data-testid="doc-reload">
              Reload
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      {otherErrors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {otherErrors.join('; ')}
        </Alert>
      )}
      {!info.canSave && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This {kind} is read-only for your role.
        </Alert>
      )}

      <Section title="General">
        <Grid>
          <Box sx={{ gridColumn: { md: 'span 2' } }}>
            <DealerPicker
              value={dealerId}
              options={options}
              fallback={currentDealerOption}
              disabled={!can('dealer')}
              error={formState.errors.dealer?.message}
              loading={dealerOptions.isFetching}
              onChange={(v) => {
                setValue('dealer', v, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                void onDealerChange(v);
              }}
            />
          </Box>
          <DateField control={control} name="date" label="Date" required disabled={!can('date')} />
          <FormTextField control={control} name="quote_ref" label="Quote Ref" disabled={!can('quote_ref')} />
          <FormTextField
            control={control}
            name="oc_ref"
            label="OC Ref"
            required={info.ocRequired}
            disabled={!can('oc_ref')}
          />
          <FormTextField control={control} name="invoice" label="Invoice" disabled={!can('invoice')} />
          <FormTextField control={control} name="customer_ref" label="Customer Ref" disabled={!can('customer_ref')} />
          <CheckField control={control} name="hide_discount" label="Hide discount" disabled={!can('hide_discount')} />
        </Grid>
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 2 }}>
        {(['billing', 'shipping'] as const).map((b) => (
          <Paper key={b} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
              {b === 'billing' ? 'Billing' : 'Shipping address'}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <CountryField control={control} name={`${b}_country`} label="Country" disabled={!can(`${b}_country`)} />
              <FormTextField control={control} name={`${b}_company`} label="Company" disabled={!can(`${b}_company`)} />
              <Box sx={{ gridColumn: { sm: 'span 2' } }}>
                <FormTextField
                  control={control}
                  name={`${b}_address`}
                  label="Address"
                  multiline
                  minRows={2}
                  fullWidth
                  disabled={!can(`${b}_address`)}
                />
              </Box>
              <FormTextField control={control} name={`${b}_vat`} label="VAT" disabled={!can(`${b}_vat`)} />
              <FormTextField
                control={control}
                name={`${b}_email`}
                label="Email"
                type="email"
                disabled={!can(`${b}_email`)}
              />
              <FormTextField control={control} name={`${b}_phone`} label="Phone" disabled={!can(`${b}_phone`)} />
              <FormTextField control={control} name={`${b}_mobile`} label="Mobile" disabled={!can(`${b}_mobile`)} />
            </Box>
          </Paper>
        ))}
      </Box>

      <Section
        title="Products"
        actions={
          <Stack direction="row" spacing={2} alignItems="center">
            {kind === 'order' && id && canReach(role, `/testchecklists/${id}`) && (
              <Link component={RouterLink} to={`/testchecklists/${id}`} data-testid="doc-testchecklists">
                Test checklists
              </Link>
            )}
            {can('products') && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<AddIcon />}
                onClick={() => setAddOpen(true)}
                data-testid="add-product"
              >
                Add product
              </Button>
            )}
          </Stack>
        }
      >
        {overTested && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="tests-warning">
            {MSG.testAssignmentWarning}
          </Alert>
        )}
        <ProductLines
          control={control}
          fields={lines.fields}
          money={info.money}
          editable={can('products')}
          onMove={lines.move}
          onRemove={lines.remove}
          onShippingFlag={(i, v) => setValue(`products.${i}.is_shipping_cost`, v, { shouldDirty: true })}
        />
        {info.money && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 2 }}>
            <MoneyField
              control={control}
              name="value"
              label="Value"
              required
              disabled={!can('value') || hasLines}
              helperText={hasLines ? 'Sum of the product lines' : undefined}
            />
            <MoneyField
              control={control}
              name="shipping_cost"
              label="Shipping cost"
              disabled={!can('shipping_cost') || hasLines}
              helperText={hasLines ? 'Sum of the shipping-cost lines' : undefined}
            />
            <Box sx={{ alignSelf: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                Sales (value − shipping cost)
              </Typography>
              <Typography variant="h6" data-testid="doc-sales">
                {formatMoney(
                  hasLines
                    ? totals.sales
                    : (Number(getValues('value')) || 0) - (Number(getValues('shipping_cost')) || 0),
                  'US$',
                )}
              </Typography>
            </Box>
          </Box>
        )}
      </Section>

      <Section title="Shipping">
        <Grid>
          <FormTextField
            control={control}
            name="shipping_status"
            label="Shipping status"
            select
            disabled={!can('shipping_status') || locked}
            helperText={locked && can('shipping_status') ? 'Locked: an AWB is entered' : undefined}
            slotProps={{
              select: {
                renderValue: (v: unknown) => (
                  <Chip
                    size="small"
                    label={String(v)}
                    color={SHIPPING_STATUS_COLORS[v as ShippingStatus] ?? 'default'}
                    data-testid="status-chip"
                  />
                ),
              },
            }}
          >
            {statusOptions.map((s) => (
              <MenuItem key={s} value={s} disabled={!info.statuses.includes(s)}>
                <Chip size="small" label={s} color={SHIPPING_STATUS_COLORS[s]} />
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="shipping_awb" label="AWB" disabled={!can('shipping_awb')} />
          <FormTextField
            control={control}
            name="shipping_weight"
            label="Shipping weight"
            disabled={!can('shipping_weight')}
          />
          <DateField control={control} name="shipping_date" label="Shipping date" disabled={!can('shipping_date')} />
          <CheckField
            control={control}
            name="shipping_for_today"
            label="Shipments for today"
            disabled={!can('shipping_for_today') || status === 'done'}
          />
          <CheckBox
            label="Expected shipping date"
            checked={expectedOn || expected != null}
            disabled={!can('shipping_date_expected') || status === 'done'}
            onChange={(c) => {
              setExpectedOn(c);
              setValue('shipping_date_expected', c ? todayStart() : null, { shouldDirty: true });
            }}
          />
          <DateField
            control={control}
            name="shipping_date_expected"
            label="Expected shipping date"
            disabled={!can('shipping_date_expected') || !(expectedOn || expected != null)}
          />
          <CheckField
            control={control}
            name="distributor_shipments"
            label="Distributor shipments"
            disabled={!can('distributor_shipments')}
          />
          {info.shippingCosts && (
            <MoneyField
              control={control}
              name="actual_shipping_cost"
              label="Actual shipping cost"
              disabled={!can('actual_shipping_cost')}
            />
          )}
          {info.shippingCosts && !info.money && (
            <MoneyField control={control} name="shipping_cost" label="Shipping cost" disabled={!can('shipping_cost')} />
          )}
        </Grid>
      </Section>

      {info.money && (
        <Section title="Payment">
          <Grid>
            <FormTextField
              control={control}
              name="payment_status"
              label="Payment status"
              select
              disabled={!can('payment_status')}
            >
              {PAYMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </FormTextField>
            <DateField
              control={control}
              name="payment_due_date"
              label="Payment due date"
              disabled={!can('payment_due_date')}
            />
            <DateField control={control} name="payment_date" label="Payment date" disabled={!can('payment_date')} />
            <MoneyField
              control={control}
              name="payment_advance"
              label="Payment advance"
              disabled={!can('payment_advance')}
            />
            <MoneyField control={control} name="payment_full" label="Payment full" disabled={!can('payment_full')} />
            <MoneyField
              control={control}
              name="payment_received"
              label="Payment received"
              disabled={!can('payment_received')}
            />
            <MoneyField control={control} name="outstanding" label="Outstanding" disabled={!can('outstanding')} />
            <MoneyField
              control={control}
              name="outstanding_shipped"
              label="Outstanding shipped"
              disabled={!can('outstanding_shipped')}
            />
          </Grid>
        </Section>
      )}

      <Section title="Notes">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <FormTextField
            control={control}
            name="note"
            label="Note"
            multiline
            rows={ORDER_NOTE_LINES}
            fullWidth
            disabled={!can('note')}
          />
          <FormTextField
            control={control}
            name="invoice_note"
            label="OC/Invoice Note"
            multiline
            rows={6}
            fullWidth
            disabled={!can('invoice_note')}
          />
        </Box>
      </Section>

      <Section title="Files">
        <DocFiles
          kind={kind}
          docId={id}
          admin={role === 'administrator'}
          fields={info.files}
          uploads={info.canSave ? info.uploads : []}
          names={current ?? {}}
          pending={pending}
          errors={fileErrors}
          onChoose={onChooseFile}
          onError={(f, m) => setFileErrors((e) => ({ ...e, [f]: m }))}
          generate={
            kind === 'order' && id && fullSave
              ? {
                  oc_pdf: { label: 'Generate OC', busy: generate.isPending, run: () => onGenerate('oc') },
                  invoice_pdf: {
                    label: 'Generate invoice',
                    busy: generate.isPending,
                    run: () => onGenerate('invoice'),
                  },
                }
              : undefined
          }
        />
      </Section>

      {current && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Created {formatDateTime(current.created_at)} · Updated {formatDateTime(current.updated_at)}
          {current.revision ? ` · Revision ${current.revision}` : ''}
        </Typography>
      )}

      <Paper
        variant="outlined"
        sx={{ p: 1.5, position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <Button onClick={() => navigate(backTo)} data-testid="doc-back">
          Back
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {role === 'administrator' && id && (
          <Button color="error" onClick={() => setConfirm('delete')} disabled={busy} data-testid="doc-delete">
            Delete
          </Button>
        )}
        {mayRequestDelete &&
          (requested ? (
            <Button onClick={() => onDeleteAction('cancel')} disabled={busy} data-testid="doc-cancel-delete">
              Cancel Request to Delete
            </Button>
          ) : (
            <Button
              color="warning"
              onClick={() => onDeleteAction('request')}
              disabled={busy}
              data-testid="doc-request-delete"
            >
              Request to Delete
            </Button>
          ))}
        {fullSave && id && (
          <>
            <Divider orientation="vertical" flexItem />
            <Button onClick={() => runSave('duplicate')} disabled={busy} data-testid="doc-duplicate">
              Duplicate
            </Button>
            <Button onClick={() => runSave('revise')} disabled={busy} data-testid="doc-revise">
              Revise
            </Button>
          </>
        )}
        {kind === 'quotation' && id && info.canSave && (
          <Button variant="outlined" onClick={() => setConfirm('turn')} disabled={busy} data-testid="doc-confirm-order">
            Confirm Order
          </Button>
        )}
        {info.canSave && (
          <Button type="submit" variant="contained" disabled={busy} data-testid="doc-save">
            Save
          </Button>
        )}
      </Paper>

      <AddProductDialog
        open={addOpen}
        dealer={dealer.data ?? null}
        onClose={() => setAddOpen(false)}
        onSelect={(line) => {
          lines.append(line);
          setAddOpen(false);
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        message={MSG.deleteDocConfirm(kind)}
        busy={deleteAction.isPending}
        onConfirm={() => {
          setConfirm(null);
          void onDeleteAction('delete');
        }}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'turn'}
        title="Confirm Order"
        message={MSG.turnQuotationConfirm}
        busy={turn.isPending}
        onConfirm={() => {
          setConfirm(null);
          void onConfirmOrder();
        }}
        onCancel={() => setConfirm(null)}
      />
    </Box>
  );
}

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`section-${title.toLowerCase()}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

function CheckBox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (c: boolean) => void;
}) {
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Checkbox
          checked={checked}
          onChange={(_, c) => onChange(c)}
          slotProps={{ input: { 'data-testid': 'field-expected-toggle' } as object }}
        />
      }
    />
  );
}

interface DealerOpt {
  id: number;
  name: string;
  label: string;
}

function DealerPicker({
  value,
  options,
  fallback,
  disabled,
  error,
  loading,
  onChange,
}: {
  value: number | null;
  options: DealerOpt[];
  fallback: DealerOpt | null;
  disabled: boolean;
  error?: string;
  loading: boolean;
  onChange: (id: number | null) => void;
}) {
  const selected = options.find((o) => o.id === value) ?? (fallback && fallback.id === value ? fallback : null);
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      autoHighlight
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, o) => onChange(o?.id ?? null)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Dealer"
          required
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'field-dealer' } }}
        />
      )}
    />
  );
}
