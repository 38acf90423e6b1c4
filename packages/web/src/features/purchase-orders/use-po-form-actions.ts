import { MSG } from '@bpm/contract/messages';
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { PO_MSG } from '@bpm/contract/purchase-orders';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { saveBlob } from '../../api/client';
import { ApiError, applyServerErrors, handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { downloadPoFile, type PoAction, usePoAction, useSavePo } from '../../api/purchase-orders';
import type { Conflict } from '../../components/ConflictBanner';
import { type PoForm, toBody } from './po-form';

/** Every form field and line field a server error may name (the rest are logged). */
const fieldsOf = (f: PoForm) => [
  ...Object.keys(f),
  ...f.parts.flatMap((_, i) => ['part_name', 'quantity', 'price', 'price_UI'].map((k) => `parts.${i}.${k}`)),
];

/**
 * The PO form's calls: Save / Revise / Duplicate (validated first), approve, reject, receive, the approval request
 * (a draft's unsaved edits are saved first) and Cancel PO, with the spec's toasts and where each failure shows.
 */
export function usePoFormActions({
  po,
  form,
  conflict,
  canSave,
  fromDashboard,
  whileSubmitting,
  reportInvalid,
}: {
  po?: PurchaseOrder;
  form: UseFormReturn<PoForm>;
  conflict: Conflict;
  canSave: boolean;
  fromDashboard: boolean;
  whileSubmitting: <T>(fn: () => Promise<T>) => Promise<T>;
  reportInvalid: () => Promise<boolean>;
}) {
  const navigate = useNavigate();
  const save = useSavePo();
  const action = usePoAction();
  const [banner, setBanner] = useState<string>();
  const [cancelError, setCancelError] = useState<string>();

  /** Validates the whole form; a failure shows the banner and focuses the first highlighted field. */
  const check = async () => {
    if (await form.trigger()) return true;
    setBanner(MSG.validation);
    await reportInvalid();
    return false;
  };
  const saveFailed = (err: unknown) => {
    const e = handleSaveError(err, form.setError as never, fieldsOf(form.getValues()), conflict.set);
    if (e && e.code !== 'stale_version') setBanner(e.message);
  };

  const doSave = (mode: 'save' | 'revise' | 'duplicate') =>
    whileSubmitting(async () => {
      setBanner(undefined);
      conflict.set(null);
      if (!(await check())) return;
      try {
        const extra =
          mode === 'duplicate'
            ? { id: po?.id, duplicate: true }
            : { id: po?.id, version: po?.version, ...(mode === 'revise' ? { revise: true } : {}) };
        const saved = await save.mutateAsync(toBody(form.getValues(), extra));
        toast(mode === 'revise' ? PO_MSG.revised : mode === 'duplicate' ? PO_MSG.duplicated : MSG.saved, 'success');
        form.reset(form.getValues());
        if (!po || mode === 'duplicate')
          navigate(`/purchaseorders/edit/${saved.id}${fromDashboard ? '?page=dashboard' : ''}`, { replace: !po });
      } catch (err) {
        saveFailed(err);
      }
    });

  const run = async (a: PoAction, ok: string) => {
    try {
      await action.mutateAsync(a);
      toast(ok, 'success');
      return true;
    } catch (err) {
      console.error(err); // section 8: approve, reject, receive and approval-request failures are only logged
      if (err instanceof ApiError) applyServerErrors(form.setError as never, err.fieldErrors);
      return false;
    }
  };

  return {
    banner,
    cancelError,
    saving: save.isPending,
    busy: action.isPending,
    doSave,
    decide: (d: 'approve' | 'reject') =>
      po && run({ kind: d, id: po.id }, d === 'approve' ? PO_MSG.approved : PO_MSG.rejected),
    receive: async () => {
      if (po && (await check())) await run({ kind: 'receive', id: po.id }, PO_MSG.received);
    },
    download: async () => {
      if (!po) return;
      try {
        const { blob, fileName } = await downloadPoFile('purchase_order', 'po_pdf', po.id);
        saveBlob(blob, fileName);
      } catch (err) {
        console.error(err);
      }
    },
    /**
     * 'close' when the request went out, or the save before it failed (its errors are on the form); else the
     * message the dialog shows (a PO without parts is refused before anything is saved).
     */
    requestApproval: async (emailTo: number[]): Promise<'close' | { error: string }> => {
      if (!po) return 'close';
      if (!form.getValues('parts').length) return { error: PO_MSG.noParts };
      // The request covers what is on screen: a draft's unsaved edits are saved first (nothing unsaved: no save).
      if (canSave && form.formState.isDirty) {
        if (!(await check())) return 'close';
        try {
          await save.mutateAsync(toBody(form.getValues(), { id: po.id, version: po.version }));
        } catch (err) {
          saveFailed(err);
          return 'close';
        }
      }
      try {
        await action.mutateAsync({ kind: 'requestApproval', id: po.id, emailTo });
        toast(PO_MSG.sentForApproval, 'success');
        return 'close';
      } catch (err) {
        console.error(err);
        if (!(err instanceof ApiError)) return { error: MSG.internal };
        const fields = Object.values(err.fieldErrors);
        return { error: fields[0] ?? err.message };
      }
    },
    cancelPo: async (reason: string) => {
      if (!po) return false;
      try {
        await action.mutateAsync({ kind: 'cancel', id: po.id, reason });
        toast(PO_MSG.cancelled, 'success');
        return true;
      } catch (err) {
        const m = err instanceof ApiError && err.message ? err.message : PO_MSG.cancelFailed;
        setCancelError(m);
        toast(m, 'error');
        return false;
      }
    },
  };
}
