import { useState } from 'react';
import { toast } from '../../../api/notify';
import { docKeys, useDeleteAction, useTurnToOrder } from '../../../api/orders';
import { reportInvalid } from '../../../components/form-behaviour';
import { SKIP_LEAVE_GUARD } from '../../../components/form-guard';
import { UI_MSG } from '../../../components/ui-messages';
import type { SalesDocFormApi } from './useSalesDocForm';

/** The editor's record actions that ask first (each names the record in its dialog). */
export type DocConfirm = null | 'delete' | 'request' | 'turn' | 'duplicate' | 'revise';

/**
 * The editor's actions beyond Save: delete / request / cancel request, Duplicate, Revise and Confirm Order. Each
 * saves unsaved edits first (Confirm Order and Duplicate build from the saved record) and toasts its result.
 */
export function useDocActions(f: SalesDocFormApi, formEl: () => HTMLElement | null) {
  const { kind, variant, current, allowed } = f;
  const [confirm, setConfirm] = useState<DocConfirm>(null);
  const deleteAction = useDeleteAction(kind, variant);
  const turn = useTurnToOrder(variant);
  const leave = (to: string) => f.navigate(to, { state: SKIP_LEAVE_GUARD });

  /** Saves unsaved edits; false when the save failed (the first highlighted field is focused). */
  const saveFirst = async () => {
    if (!f.dirty) return true;
    if (await f.runSave('save')) return true;
    await reportInvalid(formEl());
    return false;
  };

  const onDeleteAction = async (action: 'request' | 'cancel' | 'delete') => {
    if (!current) return;
    try {
      const r = await deleteAction.mutateAsync({ id: current.id, action });
      if (r.deleted) {
        toast(UI_MSG.deleted(f.docName), 'success');
        return leave(f.backTo);
      }
      toast(action === 'request' ? UI_MSG.requestDeleteSent : UI_MSG.requestDeleteCancelled, 'success');
      const next = { ...current, request_to_delete: r.request_to_delete };
      f.setCurrent(next);
      f.qc.setQueryData(docKeys.detail(kind, variant, current.id), next);
    } catch (err) {
      console.error(err); // toasted by the client
    }
  };

  const onConfirmOrder = async () => {
    if (!current || !(await saveFirst())) return;
    try {
      const res = await turn.mutateAsync(current.id);
      // Back on the quotation, it shows as confirmed (no second Confirm Order).
      f.qc.setQueryData(docKeys.detail(kind, variant, current.id), { ...current, order_id: res.data.id });
      toast(UI_MSG.orderConfirmed(f.docName), 'success');
      if (res.warning) toast(res.warning, 'warning');
      leave(`/orders/edit/${res.data.id}`);
    } catch (err) {
      console.error(err);
    }
  };

  const onDuplicate = async () => {
    if (!(await saveFirst())) return;
    if (!(await f.runSave('duplicate'))) await reportInvalid(formEl());
  };

  // Revise saves the edits with the revise flag: one save, not two.
  const onRevise = async () => {
    if (!(await f.runSave('revise'))) await reportInvalid(formEl());
  };

  const run: Record<Exclude<DocConfirm, null>, () => Promise<void>> = {
    delete: () => onDeleteAction('delete'),
    request: () => onDeleteAction('request'),
    turn: onConfirmOrder,
    duplicate: onDuplicate,
    revise: onRevise,
  };

  const id = current?.id;
  const area = kind === 'order' ? 'orders' : 'quotations';
  return {
    confirm,
    ask: setConfirm,
    run: (which: Exclude<DocConfirm, null>) => {
      setConfirm(null);
      void run[which]();
    },
    cancelRequest: () => void onDeleteAction('cancel'),
    busy: f.save.isPending || turn.isPending || deleteAction.isPending,
    mayDelete: !!id && allowed(`${area}.delete`),
    mayRequestDelete: !!id && allowed(`${area}.requestDelete`),
    mayCopy: !!id && f.info.canSave && f.info.sends === 'all',
    // A quotation already confirmed as an order offers no second confirmation.
    mayConfirmOrder: kind === 'quotation' && !!id && f.info.canSave && !current?.order_id,
  };
}
