import { Alert } from '@mui/material';
import { useParams } from 'react-router';
import { useDocVariant, useSalesDoc } from '../../api/orders';
import { PageLoader } from '../../components/PageLoader';
import { SalesDocEditor } from './editor/SalesDocEditor';

/** /orders/add and /orders/edit/{OrderId}: sales/administrator, shipping or production view by role. */
export default function OrderEditorPage() {
  const { OrderId } = useParams();
  const id = OrderId ? Number(OrderId) : undefined;
  const variant = useDocVariant();
  const order = useSalesDoc('order', variant, id);
  if (id && !order.data) {
    return order.isError ? <Alert severity="error">{(order.error as Error).message}</Alert> : <PageLoader />;
  }
  return <SalesDocEditor key={id ?? 'new'} kind="order" doc={order.data} reload={() => order.refetch()} />;
}
