import { Alert } from '@mui/material';
import { useParams } from 'react-router';
import { useDocVariant } from '../../api/orders';
import { useQuotation } from '../../api/quotations';
import { PageLoader } from '../../components/PageLoader';
import { SalesDocEditor } from './editor/SalesDocEditor';

/** /quotations/add and /quotations/edit/{QuotationId} (document 1 section 2.9). */
export default function QuotationEditorPage() {
  const { QuotationId } = useParams();
  const id = QuotationId ? Number(QuotationId) : undefined;
  const variant = useDocVariant();
  const quotation = useQuotation(variant, id);
  if (id && !quotation.data) {
    return quotation.isError ? <Alert severity="error">{(quotation.error as Error).message}</Alert> : <PageLoader />;
  }
  return <SalesDocEditor key={id ?? 'new'} kind="quotation" doc={quotation.data} reload={() => quotation.refetch()} />;
}
