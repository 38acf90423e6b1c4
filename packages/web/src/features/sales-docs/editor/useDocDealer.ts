import type { QueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { fetchDealerDetail, useDealerDetail } from '../../../api/dealers';
import { type DocForm, dealerCopy, linesForDealer, type VariantInfo } from './doc-form';

/**
 * The document's dealer: its detail (loaded when the user sees and edits money), and choosing one, which copies
 * the dealer's details and its discounts onto the lines.
 */
export function useDocDealer({
  form,
  info,
  dealerId,
  qc,
}: {
  form: UseFormReturn<DocForm, unknown, DocForm>;
  info: VariantInfo;
  dealerId: number | null | undefined;
  qc: QueryClient;
}) {
  const { setValue, getValues, formState } = form;
  const dealer = useDealerDetail(dealerId ?? undefined, info.money && info.canSave);

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

  return { dealer, onDealerChange };
}
