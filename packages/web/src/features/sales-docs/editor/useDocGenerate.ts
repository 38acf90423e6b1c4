import { MSG } from '@bpm/contract/messages';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '../../../api/notify';
import { type SalesDoc, useGenerateDocument } from '../../../api/orders';
import type { DocForm } from './doc-form';

/** Generating the saved document's OC or invoice PDF; the form keeps its unsaved edits. */
export function useDocGenerate({
  form,
  current,
  setCurrent,
}: {
  form: UseFormReturn<DocForm, unknown, DocForm>;
  current: SalesDoc | undefined;
  setCurrent: (doc: SalesDoc) => void;
}) {
  const { setValue } = form;
  const generate = useGenerateDocument();

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

  return { generate, onGenerate };
}
