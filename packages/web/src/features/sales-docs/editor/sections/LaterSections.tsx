import type { SalesDocFormApi } from '../useSalesDocForm';
import { FilesSection } from './FilesSection';
import { NotesSection, PaymentSection } from './PaymentSection';
import { ShippingSection } from './ShippingSection';

/**
 * The sections below the product lines: shipping, payment (roles that see money), notes and files. Their own
 * chunk (the urgency chips, the file boxes), loaded after the editor's header and first sections show.
 */
export function LaterSections({ f }: { f: SalesDocFormApi }) {
  return (
    <>
      <ShippingSection f={f} />
      {f.info.money && <PaymentSection f={f} />}
      <NotesSection f={f} />
      <FilesSection f={f} />
    </>
  );
}
