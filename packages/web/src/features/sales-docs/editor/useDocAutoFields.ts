import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type DocForm, linesTotals, shippingAfterChange, type VariantInfo } from './doc-form';

/**
 * The fields the editor fills itself: value and shipping cost follow the lines (a document without lines keeps
 * the typed amounts); an AWB forces done, and done clears 'Shipments for today' (document 1 section 4.1).
 */
export function useDocAutoFields({
  form,
  info,
  editable,
  watchedLines,
  status,
  awb,
}: {
  form: UseFormReturn<DocForm, unknown, DocForm>;
  info: VariantInfo;
  editable: (field: string) => boolean;
  watchedLines: DocForm['products'] | undefined;
  status: DocForm['shipping_status'];
  awb: DocForm['shipping_awb'] | undefined;
}) {
  const { getValues, setValue } = form;
  const totals = useMemo(() => linesTotals(watchedLines ?? []), [watchedLines]);
  const hasLines = (watchedLines?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasLines || !info.money || !info.canSave) return;
    if (getValues('value') !== String(totals.value)) setValue('value', String(totals.value), { shouldDirty: true });
    if (getValues('shipping_cost') !== String(totals.shipping_cost))
      setValue('shipping_cost', String(totals.shipping_cost), { shouldDirty: true });
  }, [totals, hasLines, info, getValues, setValue]);

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

  return { totals, hasLines };
}
