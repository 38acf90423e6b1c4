import { useParams } from 'react-router';
import { useDocVariant, useSalesDoc } from '../../api/orders';
import { SalesDocScreen } from './editor/SalesDocEditor';

/** /orders/add and /orders/edit/{OrderId}: sales/administrator, shipping or production view by role. */
export default function OrderEditorPage() {
  const { OrderId } = useParams();
  const id = OrderId ? Number(OrderId) : undefined;
  const order = useSalesDoc('order', useDocVariant(), id);
  return <SalesDocScreen kind="order" id={id} query={order} />;
}
