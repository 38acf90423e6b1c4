import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { lazy, Suspense, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../api/auth-store';
import { usePurchaseOrder, useSupplierOptions } from '../../api/purchase-orders';
import { ConflictBanner, useConflict } from '../../components/ConflictBanner';
import { RecordGate, useIdParam } from '../../components/FormPage';
import { reportInvalid, useLeaveGuard } from '../../components/form-behaviour';
import { PageHeader } from '../../components/PageHeader';
import { PoActionBar } from './PoActionBar';
import { PoDetailsSection } from './PoDetailsSection';
import { PoStatusChip } from './PoStatusChip';
import { PoCurrencySection, PoSupplierSection } from './PoSupplierSection';
import { emptyForm, fromPo, type PoForm, poResolver } from './po-form';
import { usePoFormActions } from './use-po-form-actions';

// Loaded after the form itself (the per-page bundle budget): the stored PO's extras and the two dialogs.
const PoExtras = lazy(() => import('./PoExtras').then((m) => ({ default: m.PoExtras })));
const RequestApprovalDialog = lazy(() => import('./PoDialogs').then((m) => ({ default: m.RequestApprovalDialog })));
const CancelPoDialog = lazy(() => import('./PoDialogs').then((m) => ({ default: m.CancelPoDialog })));

/** /purchaseorders/add and /purchaseorders/edit/{PurchaseOrderId} (document 2 sections 2, 4, 5). */
export default function PurchaseOrderFormPage() {
  const id = useIdParam('PurchaseOrderId');
  const q = usePurchaseOrder(id);
  return (
    <RecordGate id={id} query={q}>
      {(po) => <PoFormView key={`${id ?? 'new'}-${po?.version ?? 0}`} po={po} reload={() => q.refetch()} />}
    </RecordGate>
  );
}

/**
 * The PO form: react-hook-form with the contract's poSave (po-form.ts), server field errors on their fields, Reload
 * on a stale save, a warning before unsaved changes are left. Sections and actions live in their own files.
 */
function PoFormView({ po, reload }: { po?: PurchaseOrder; reload: () => Promise<{ data?: PurchaseOrder }> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromDashboard = params.get('page') === 'dashboard';
  const can = useCan();
  const ctx = po ? { state: po.status } : undefined;
  const canSave = po ? can('purchaseOrders.save', ctx) : can('purchaseOrders.save');
  const canRevise = !!po && can('purchaseOrders.revise', ctx);
  const editable = canSave || canRevise;
  const form = useForm<PoForm>({ resolver: poResolver, defaultValues: po ? fromPo(po) : emptyForm() });
  const conflict = useConflict(reload, (fresh) => form.reset(fromPo(fresh)));
  const guard = useLeaveGuard(form.formState.isDirty);
  const root = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<'approval' | 'cancel' | null>(null);
  const [approvalError, setApprovalError] = useState<string>();
  const suppliers = useSupplierOptions(editable && can('suppliers.manage'));
  const a = usePoFormActions({
    po,
    form,
    conflict,
    canSave,
    fromDashboard,
    whileSubmitting: guard.whileSubmitting,
    reportInvalid: () => reportInvalid(root.current),
  });

  return (
    <Box ref={root}>
      <PageHeader
        back
        title={
          <Stack direction="row" spacing={1} alignItems="center">
            <span>{po ? `Purchase Order ${po.po_number}` : 'New Purchase Order'}</span>
            {po && <PoStatusChip status={po.status} reason={po.cancelled_reason} />}
          </Stack>
        }
        actions={
          po &&
          can('purchaseOrders.history') && (
            <Stack direction="row" spacing={1}>
              <Button component={Link} to={`/events/purchaseorder/${po.id}`} data-testid="po-events">
                View Events
              </Button>
              <Button component={Link} to={`/purchaseorders/history/${po.id}`} data-testid="po-history">
                View History
              </Button>
            </Stack>
          )
        }
      />
      <ConflictBanner conflict={conflict} testIdPrefix="po" />
      {a.banner && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="po-error">
          {a.banner}
        </Alert>
      )}
      {po?.status === 'cancelled' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Cancelled: {po.cancelled_reason}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PoSupplierSection form={form} options={suppliers.data} disabled={!editable} />
        <PoCurrencySection form={form} disabled={!editable} />
        <PoDetailsSection form={form} po={po} disabled={!editable} />
        {po && (
          <Suspense fallback={null}>
            <PoExtras key={po.version} po={po} />
          </Suspense>
        )}
        <PoActionBar
          po={po}
          canSave={canSave}
          canRevise={canRevise}
          saving={a.saving}
          onSave={a.doSave}
          onDialog={setDialog}
          onDecide={a.decide}
          onReceive={a.receive}
          onDownload={a.download}
          onBack={() => navigate(fromDashboard ? '/dashboard' : '/purchaseorders')}
        />
      </Paper>
      {po && (
        <Suspense fallback={null}>
          <RequestApprovalDialog
            open={dialog === 'approval'}
            error={approvalError}
            onClose={() => {
              setApprovalError(undefined);
              setDialog(null);
            }}
            onSend={async (ids) => {
              const r = await a.requestApproval(ids);
              setApprovalError(r === 'close' ? undefined : r.error);
              if (r === 'close') setDialog(null);
            }}
          />
          <CancelPoDialog
            open={dialog === 'cancel'}
            error={a.cancelError}
            onClose={() => setDialog(null)}
            onCancelPo={async (reason) => {
              if (await a.cancelPo(reason)) setDialog(null);
            }}
          />
        </Suspense>
      )}
      {guard.dialog}
    </Box>
  );
}
