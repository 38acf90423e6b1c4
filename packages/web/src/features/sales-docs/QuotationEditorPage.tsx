import { useParams } from 'react-router';
import { useDocVariant } from '../../api/orders';
import { useQuotation } from '../../api/quotations';
import { SalesDocScreen } from './editor/SalesDocEditor';

/** /quotations/add and /quotations/edit/{QuotationId} (document 1 section 2.9). */
export default function QuotationEditorPage() {
  const { QuotationId } = useParams();
  const id = QuotationId ? Number(QuotationId) : undefined;
  const quotation = useQuotation(useDocVariant(), id);
  return <SalesDocScreen kind="quotation" id={id} query={quotation} />;
}
