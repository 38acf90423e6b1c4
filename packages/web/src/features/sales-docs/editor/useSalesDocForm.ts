import { type OrderFileField, refFromFileName } from '@bpm/contract/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan, useCurrentUser } from '../../../api/auth-store';
import { type DocKind, docKeys, type SalesDoc, variantOf } from '../../../api/orders';
import { useConflict } from '../../../components/ConflictBanner';
import { SKIP_LEAVE_GUARD } from '../../../components/form-guard';
import { type DocForm, emptyForm, formFromDoc, linesTotals, type VariantInfo, variantInfo } from './doc-form';
import { useDocAutoFields } from './useDocAutoFields';
import { useDocDealer } from './useDocDealer';
import { useDocErrors } from './useDocErrors';
import { useDocGenerate } from './useDocGenerate';
import { type SaveMode, useDocSave } from './useDocSave';

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

const KIND_TEXT = {
  order: { title: 'Order', list: '/orders', edit: '/orders/edit' },
  quotation: { title: 'Quotation', list: '/quotations', edit: '/quotations/edit' },
} as const;

/**
 * The state and actions of the order / quotation editor (document 1 sections 2.8, 2.9, 4, 5): the form, the
 * role variant, pending files, server field errors, and the save modes. The section components render it. Its
 * parts: useDocErrors, useDocAutoFields, useDocSave, useDocDealer and useDocGenerate.
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
  const { control, setValue, getValues, reset, formState } = form;
  const lines = useFieldArray({ control, name: 'products', keyName: 'key' });
  const watchedLines = useWatch({ control, name: 'products' });
  const awb = useWatch({ control, name: 'shipping_awb' });
  const status = useWatch({ control, name: 'shipping_status' });
  const dealerId = useWatch({ control, name: 'dealer' });

  const [pending, setPending] = useState<Partial<Record<OrderFileField, File>>>({});
  const [expectedOn, setExpectedOn] = useState(doc?.shipping_date_expected != null);

  const { generate, onGenerate } = useDocGenerate({ form, current, setCurrent });
  const { dealer, onDealerChange } = useDocDealer({ form, info, dealerId, qc });
  const errors = useDocErrors(form);
  const { totals, hasLines } = useDocAutoFields({ form, info, editable, watchedLines, status, awb });

  const accept = (fresh: SalesDoc) => {
    setCurrent(fresh);
    reset(loadedForm(fresh, info));
    setExpectedOn(fresh.shipping_date_expected != null);
    setPending({});
    errors.clearErrors();
    qc.setQueryData(docKeys.detail(kind, variant, fresh.id), fresh);
  };
  const conflict = useConflict(reload, accept);

  /** A new or duplicated document opens its own page; otherwise the form takes the saved one. */
  const onSaved = (saved: SalesDoc, mode: SaveMode) => {
    if (mode === 'duplicate' || !current) {
      qc.setQueryData(docKeys.detail(kind, variant, saved.id), saved);
      const qs = fromDashboard ? '?page=dashboard' : '';
      // The form is saved: leave without the unsaved-changes prompt.
      navigate(`${text.edit}/${saved.id}${qs}`, { replace: !current, state: SKIP_LEAVE_GUARD });
    } else accept(saved);
  };
  const { save, runSave } = useDocSave({ kind, variant, info, form, current, pending, errors, conflict, onSaved });

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
    fileErrors: errors.fileErrors,
    setFileErrors: errors.setFileErrors,
    otherErrors: errors.otherErrors,
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
