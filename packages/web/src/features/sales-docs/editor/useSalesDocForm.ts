import { MSG } from '@bpm/contract/messages';
import { ORDER_FILE_FIELDS, type OrderFileField, refFromFileName } from '@bpm/contract/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan, useCurrentUser } from '../../../api/auth-store';
import { fetchDealerDetail, useDealerDetail } from '../../../api/dealers';
import { ApiError, applyServerErrors, handleSaveError } from '../../../api/errors';
import { toast } from '../../../api/notify';
import { type DocKind, docKeys, type SalesDoc, useGenerateDocument, useSaveDoc, variantOf } from '../../../api/orders';
import { useConflict } from '../../../components/ConflictBanner';
import { SKIP_LEAVE_GUARD } from '../../../components/form-guard';
import { UI_MSG } from '../../../components/ui-messages';
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
  type VariantInfo,
  variantInfo,
} from './doc-form';

const FORM_KEYS = Object.keys(emptyForm()).concat(['id', 'version']);
const isFormField = (k: string) => FORM_KEYS.includes(k) || /^products\.\d+\.[a-z_]+$/.test(k);
const linePrefix = (k: string) => /^products\.\d+/.exec(k)?.[0];

/**
 * A loaded document's form values with value and shipping cost already following its lines, so opening a record
 * whose stored totals differ does not count as an unsaved change.
 */
function loadedForm(doc: SalesDoc, info: VariantInfo): DocForm {
  const values = formFromDoc(doc);
  if (!info.money || !info.canSave || values.products.length === 0) return values;
  const t = linesTotals(values.products);
  return { ...values, value: String(t.value), shipping_cost: String(t.shipping_cost) };
}

type SaveMode = 'save' | 'revise' | 'duplicate';

const KIND_TEXT = {
  order: { title: 'Order', list: '/orders', edit: '/orders/edit' },
  quotation: { title: 'Quotation', list: '/quotations', edit: '/quotations/edit' },
} as const;

/** Success toasts of the save modes (document 2 section 8 has 'Revise successfully', 'Duplicate successfully'). */
const SAVED_TEXT: Record<SaveMode, string> = {
  save: MSG.saved,
  revise: UI_MSG.revised,
  duplicate: UI_MSG.duplicated,
};

/**
 * The state and actions of the order / quotation editor (document 1 sections 2.8, 2.9, 4, 5): the form, the
 * role variant, pending files, server field errors, and the save modes. The section components render it.
 */
export function useSalesDocForm({
  kind,
  doc,
  reload,
}: {
  kind: DocKind;
  doc?: SalesDoc;
  reload: () => Promise<{ data?: SalesDoc }>;
}) {
  const user = useCurrentUser();
  const allowed = useCan();
  const variant = variantOf(user.user_role);
  const info = useMemo(() => variantInfo(kind, variant), [kind, variant]);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const text = KIND_TEXT[kind];
  const fromDashboard = params.get('page') === 'dashboard';
  // Back to the dashboard the user came from (shipping has none: it returns to its list).
  const backTo =
    fromDashboard && (allowed('dashboard.sales') || allowed('dashboard.production')) ? '/dashboard' : text.list;

  const [current, setCurrent] = useState<SalesDoc | undefined>(doc);
  const isNew = !current;
  /** Whether the user may change `field` of this document. */
  const editable = (field: string) => info.canSave && info.editable(field, isNew);

  const form = useForm<DocForm, unknown, DocForm>({
    // raw: the form keeps its own values; the contract schema only validates them.
    resolver: zodResolver(info.schema as never, undefined, { raw: true }) as unknown as Resolver<
      DocForm,
      unknown,
      DocForm
    >,
    defaultValues: doc ? loadedForm(doc, info) : emptyForm(),
  });
  const { control, handleSubmit, setValue, getValues, setError, reset, formState } = form;
  const lines = useFieldArray({ control, name: 'products', keyName: 'key' });
  const watchedLines = useWatch({ control, name: 'products' });
  const awb = useWatch({ control, name: 'shipping_awb' });
  const status = useWatch({ control, name: 'shipping_status' });
  const dealerId = useWatch({ control, name: 'dealer' });

  const [pending, setPending] = useState<Partial<Record<OrderFileField, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<OrderFileField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [expectedOn, setExpectedOn] = useState(doc?.shipping_date_expected != null);
  // Server field errors stay (and block saving) until their field changes (document 1 section 5).
  const serverErrors = useRef<Record<string, string>>({});

  const save = useSaveDoc(kind, variant);
  const generate = useGenerateDocument();
  const dealer = useDealerDetail(dealerId ?? undefined, info.money && info.canSave);

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
    if (!editable('shipping_status') && !editable('shipping_awb')) return;
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
    reset(loadedForm(fresh, info));
    setExpectedOn(fresh.shipping_date_expected != null);
    setPending({});
    setFileErrors({});
    setOtherErrors([]);
    serverErrors.current = {};
    qc.setQueryData(docKeys.detail(kind, variant, fresh.id), fresh);
  };
  const conflict = useConflict(reload, accept);

  const showServerErrors = (cause: Record<string, string>) => {
    const files: Partial<Record<OrderFileField, string>> = {};
    const fields: Record<string, string> = {};
    const other: string[] = [];
    for (const [k, message] of Object.entries(cause)) {
      if ((ORDER_FILE_FIELDS as readonly string[]).includes(k)) files[k as OrderFileField] = message;
      else if (isFormField(k)) fields[k] = message;
      else other.push(`${k}: ${message}`);
    }
    applyServerErrors(setError as never, fields);
    setFileErrors((f) => ({ ...f, ...files }));
    setOtherErrors(other);
  };

  const onDealerChange = async (id: number | null) => {
    setValue('dealer', id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    if (!id) return;
    try {
      const d = await fetchDealerDetail(qc, id);
      for (const [k, v] of Object.entries(dealerCopy(d))) setValue(k as never, v as never, { shouldDirty: true });
      const updated = linesForDealer(getValues('products'), d);
      for (const [i, l] of updated.entries()) setValue(`products.${i}.discount`, l.discount, { shouldDirty: true });
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
          conflict.set(null);
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
            toast(SAVED_TEXT[mode], 'success');
            if (res.warning) toast(res.warning, 'warning');
            if (mode === 'duplicate' || !current) {
              qc.setQueryData(docKeys.detail(kind, variant, res.data.id), res.data);
              const qs = fromDashboard ? '?page=dashboard' : '';
              // The form is saved: leave without the unsaved-changes prompt.
              navigate(`${text.edit}/${res.data.id}${qs}`, { replace: !current, state: SKIP_LEAVE_GUARD });
            } else accept(res.data);
            resolve(res.data);
          } catch (err) {
            resolve(undefined);
            const cause = err instanceof ApiError ? err.fieldErrors : {};
            // The shared handler shows the conflict banner (stale version only); fields are routed here.
            handleSaveError(err, () => {}, Object.keys(cause), conflict.set);
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

  const id = current?.id;
  const docName = current
    ? `${text.title} ${kind === 'order' ? current.oc_ref || `#${current.id}` : current.quote_ref || `#${current.id}`}`
    : `New ${text.title}`;

  return {
    kind,
    role: user.user_role,
    variant,
    info,
    text,
    form,
    control,
    formState,
    lines,
    watchedLines: watchedLines ?? [],
    totals,
    hasLines,
    status,
    awb,
    dealerId,
    dealer,
    current,
    setCurrent,
    isNew,
    id,
    docName,
    backTo,
    fromDashboard,
    editable,
    allowed,
    pending,
    fileErrors,
    setFileErrors,
    otherErrors,
    expectedOn,
    setExpectedOn,
    conflict,
    save,
    generate,
    /** Unsaved edits: changed fields or a chosen file. */
    dirty: formState.isDirty || Object.keys(pending).length > 0,
    runSave,
    accept,
    onDealerChange,
    onGenerate,
    onChooseFile,
    setValue,
    getValues,
    navigate,
    qc,
  };
}

export type SalesDocFormApi = ReturnType<typeof useSalesDocForm>;
