import { MSG } from '@bpm/contract/messages';
import type { OrderFileField } from '@bpm/contract/orders';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError, handleSaveError } from '../../../api/errors';
import { toast } from '../../../api/notify';
import { type DocKind, type DocVariant, type SalesDoc, useSaveDoc } from '../../../api/orders';
import type { Conflict } from '../../../components/ConflictBanner';
import { UI_MSG } from '../../../components/ui-messages';
import { type DocForm, duplicateFields, saveFields, type VariantInfo } from './doc-form';
import type { DocErrors } from './useDocErrors';

export type SaveMode = 'save' | 'revise' | 'duplicate';

/** Success toasts of the save modes (document 2 section 8 has 'Revise successfully', 'Duplicate successfully'). */
const SAVED_TEXT: Record<SaveMode, string> = {
  save: MSG.saved,
  revise: UI_MSG.revised,
  duplicate: UI_MSG.duplicated,
};

/**
 * The editor's save (document 1 section 5): validates, flags a missing OC, saves plain, revised or duplicated with
 * the chosen PDFs, toasts, and routes the server's errors to the fields, the PDFs and the conflict banner.
 */
export function useDocSave({
  kind,
  variant,
  info,
  form,
  current,
  pending,
  errors,
  conflict,
  onSaved,
}: {
  kind: DocKind;
  variant: DocVariant;
  info: VariantInfo;
  form: UseFormReturn<DocForm, unknown, DocForm>;
  current: SalesDoc | undefined;
  pending: Partial<Record<OrderFileField, File>>;
  errors: DocErrors;
  conflict: Conflict;
  /** Takes the saved document (after the toasts). */
  onSaved: (saved: SalesDoc, mode: SaveMode) => void;
}) {
  const { handleSubmit, getValues, setError } = form;
  const { serverErrors, showServerErrors, setFileErrors } = errors;
  const save = useSaveDoc(kind, variant);

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
            onSaved(res.data, mode);
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

  return { save, runSave };
}
