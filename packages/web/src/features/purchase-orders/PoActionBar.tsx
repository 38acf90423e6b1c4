import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { Box, Button, Stack } from '@mui/material';
import { useCan } from '../../api/auth-store';

/** The PO's buttons, each shown when the role and the PO's state allow it (the permission module's rules). */
export function PoActionBar({
  po,
  canSave,
  canRevise,
  saving,
  onSave,
  onDialog,
  onDecide,
  onReceive,
  onDownload,
  onBack,
}: {
  po?: PurchaseOrder;
  canSave: boolean;
  canRevise: boolean;
  saving: boolean;
  onSave: (mode: 'save' | 'revise' | 'duplicate') => void;
  onDialog: (d: 'approval' | 'cancel') => void;
  onDecide: (d: 'approve' | 'reject') => void;
  onReceive: () => void;
  onDownload: () => void;
  onBack: () => void;
}) {
  const can = useCan();
  const ctx = po ? { state: po.status } : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 3 }} flexWrap="wrap" useFlexGap>
      {canSave && (
        <Button variant="contained" onClick={() => onSave('save')} disabled={saving} data-testid="po-save">
          Save Purchase Order
        </Button>
      )}
      {po && can('purchaseOrders.requestApproval', ctx) && (
        <Button variant="outlined" onClick={() => onDialog('approval')} data-testid="po-request-approval">
          Request Approval
        </Button>
      )}
      {po && can('purchaseOrders.approve', ctx) && (
        <>
          <Button variant="contained" color="success" onClick={() => onDecide('approve')} data-testid="po-approve">
            Approve
          </Button>
          <Button variant="outlined" color="error" onClick={() => onDecide('reject')} data-testid="po-reject">
            Reject
          </Button>
        </>
      )}
      {po && can('purchaseOrders.receive', ctx) && (
        <Button variant="contained" color="success" onClick={onReceive} data-testid="po-receive">
          Mark as Received
        </Button>
      )}
      {canRevise && (
        <Button variant="outlined" onClick={() => onSave('revise')} data-testid="po-revise">
          Revise
        </Button>
      )}
      {po && can('purchaseOrders.duplicate', ctx) && (
        <Button variant="outlined" onClick={() => onSave('duplicate')} data-testid="po-duplicate">
          Duplicate
        </Button>
      )}
      {po && can('purchaseOrders.cancel', ctx) && (
        <Button color="error" onClick={() => onDialog('cancel')} data-testid="po-cancel">
          Cancel PO
        </Button>
      )}
      {po && can('purchaseOrders.pdf', ctx) && (
        <Button onClick={onDownload} data-testid="po-download">
          Download
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Button onClick={onBack} data-testid="po-back">
        Back
      </Button>
    </Stack>
  );
}
