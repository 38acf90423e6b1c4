import { MSG } from '@bpm/contract/messages';
import type { PurchaseOrder } from '@bpm/contract/purchaseOrderReads';
import { CURRENCIES, PO_MSG, PO_STATUS_LABELS } from '@bpm/contract/purchaseOrders';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../api/auth-store';
import { saveBlob } from '../../api/client';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  downloadPoFile,
  type PoAction,
  usePoAction,
  usePurchaseOrder,
  useSavePo,
  useSupplierOptions,
} from '../../api/purchaseOrders';
import { ConflictBanner, useConflict } from '../../components/ConflictBanner';
import { FormGrid, RecordGate, useIdParam } from '../../components/FormPage';
import { dateInputToUnix, unixToDateInput } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { LookupField } from './LookupField';
import { PartsGrid } from './PartsGrid';
import { CancelPoDialog, RequestApprovalDialog } from './PoDialogs';
import { PoExtras } from './PoExtras';
import { PoStatusChip } from './PoStatusChip';
import { emptyForm, fromPo, lineErrorsOf, type PoForm, toBody, validate } from './po-form';
import { SupplierPicker } from './SupplierPicker';

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

function PoFormView({ po, reload }: { po?: PurchaseOrder; reload: () => Promise<{ data?: PurchaseOrder }> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromDashboard = params.get('page') === 'dashboard';
  const back = () => navigate(fromDashboard ? '/dashboard' : '/purchaseorders');
  const can = useCan();
  const ctx = po ? { state: po.status } : undefined;
  const canSave = po ? can('purchaseOrders.save', ctx) : can('purchaseOrders.save');
  const canRevise = !!po && can('purchaseOrders.revise', ctx);
  const editable = canSave || canRevise;
  const [f, setF] = useState<PoForm>(po ? fromPo(po) : emptyForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string>();
  const [dialog, setDialog] = useState<'approval' | 'cancel' | null>(null);
  const [cancelError, setCancelError] = useState<string>();
  const save = useSavePo();
  const action = usePoAction();
  const conflict = useConflict(reload, (fresh) => setF(fromPo(fresh)));
  const suppliers = useSupplierOptions(editable && can('suppliers.manage'));
  const set = (patch: Partial<PoForm>) => setF((x) => ({ ...x, ...patch }));
  const rate = Number(f.currency_rate) || 1;

  const check = () => {
    const e = validate(f);
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const doSave = async (mode: 'save' | 'revise' | 'duplicate') => {
    setBanner(undefined);
    conflict.set(null);
    if (!check()) {
      setBanner(MSG.validation);
      return;
    }
    try {
      const extra =
        mode === 'duplicate'
          ? { id: po?.id, duplicate: true }
          : { id: po?.id, version: po?.version, ...(mode === 'revise' ? { revise: true } : {}) };
      const saved = await save.mutateAsync(toBody(f, extra));
      toast(mode === 'revise' ? PO_MSG.revised : mode === 'duplicate' ? PO_MSG.duplicated : MSG.saved, 'success');
      if (!po || mode === 'duplicate')
        navigate(`/purchaseorders/edit/${saved.id}${fromDashboard ? '?page=dashboard' : ''}`, { replace: !po });
    } catch (err) {
      if (!(err instanceof ApiError)) return console.error(err);
      if (err.code === 'stale_version') conflict.set(err.message);
      else setBanner(err.message);
      setErrors(err.fieldErrors);
    }
  };

  const run = async (a: PoAction, ok: string) => {
    try {
      await action.mutateAsync(a);
      toast(ok, 'success');
      return true;
    } catch (err) {
      console.error(err); // section 8: approve, reject, receive and approval-request failures are only logged
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      return false;
    }
  };
  const decide = (d: 'approve' | 'reject') =>
    po && run({ kind: d, id: po.id }, d === 'approve' ? PO_MSG.approved : PO_MSG.rejected);
  const receive = () => {
    if (!po || !check()) return;
    run({ kind: 'receive', id: po.id }, PO_MSG.received);
  };
  const download = async () => {
    if (!po) return;
    try {
      const { blob, fileName } = await downloadPoFile('purchase_order', 'po_pdf', po.id);
      saveBlob(blob, fileName);
    } catch (err) {
      console.error(err);
    }
  };

  const text = (name: keyof PoForm, label: string, opts: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField
      label={label}
      required={opts.required}
      multiline={opts.multiline}
      minRows={opts.multiline ? 3 : undefined}
      value={(f[name] as string) ?? ''}
      disabled={!editable}
      onChange={(e) => set({ [name]: e.target.value } as Partial<PoForm>)}
      error={!!errors[name]}
      helperText={errors[name]}
      slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }}
    />
  );
  const date = (name: 'po_date' | 'due_date', label: string) => (
    <TextField
      type="date"
      label={label}
      required
      value={unixToDateInput(f[name])}
      disabled={!editable}
      onChange={(e) => set({ [name]: dateInputToUnix(e.target.value) })}
      error={!!errors[name]}
      helperText={errors[name]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${name}` } }}
    />
  );

  return (
    <Box>
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
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="po-error">
          {banner}
        </Alert>
      )}
      {po?.status === 'cancelled' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Cancelled: {po.cancelled_reason}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Supplier
        </Typography>
        <FormGrid>
          <SupplierPicker
            form={f}
            options={suppliers.data}
            disabled={!editable}
            error={errors.supplier}
            onPick={(patch) => set(patch)}
          />
          {text('supplier_name', 'Supplier Name', { required: true })}
          {text('supplier_contact_person', 'Contact Person', { required: true })}
          {text('supplier_2303', 'Supplier 2303/TIN#')}
          {text('supplier_email', 'Email')}
          {text('supplier_phone', 'Phone')}
          {text('supplier_address', 'Address', { required: true, multiline: true })}
          {text('ship_to', 'Ship To', { multiline: true })}
        </FormGrid>

        <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
          Currency
        </Typography>
        <FormGrid>
          <TextField
            select
            label="Currency"
            required
            value={f.currency}
            disabled={!editable}
            onChange={(e) => set({ currency: e.target.value })}
            error={!!errors.currency}
            helperText={errors.currency}
            slotProps={{ htmlInput: { 'data-testid': 'field-currency' } }}
          >
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Currency Rate (USD per unit)"
            type="number"
            required
            value={f.currency_rate}
            disabled={!editable}
            onChange={(e) => set({ currency_rate: e.target.value })}
            error={!!errors.currency_rate}
            helperText={errors.currency_rate}
            slotProps={{ htmlInput: { 'data-testid': 'field-currency_rate', step: 'any', min: 0 } }}
          />
        </FormGrid>

        <PartsGrid
          lines={f.parts}
          onChange={(parts) => set({ parts })}
          errors={lineErrorsOf(errors)}
          currency={f.currency}
          rate={rate}
          disabled={!editable}
        />

        <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
          Purchase Order
        </Typography>
        <FormGrid columns={3}>
          <TextField label="PO Number" value={po?.po_number ?? ''} disabled placeholder="Assigned on save" />
          {date('po_date', 'PO Date')}
          {date('due_date', 'Due Date')}
          <LookupField
            kind="dept"
            value={f.department}
            onChange={(department) => set({ department })}
            disabled={!editable}
            required
            error={errors.department}
          />
          <LookupField
            kind="term"
            value={f.terms}
            onChange={(terms) => set({ terms })}
            disabled={!editable}
            required
            error={errors.terms}
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={f.local_po === 1}
                  disabled={!editable}
                  onChange={(e) => set({ local_po: e.target.checked ? 1 : 0 })}
                  slotProps={{ input: { 'data-testid': 'field-local_po' } as object }}
                />
              }
              label="Local PO"
            />
            <LookupField
              kind="pricequote"
              value={f.price_quote}
              onChange={(price_quote) => set({ price_quote })}
              disabled={!editable || f.local_po !== 1}
              required
              error={errors.price_quote}
            />
          </Box>
          {text('requisitioner', 'Requisitioner', { required: true })}
          {text('purpose', 'Purpose', { required: true, multiline: true })}
          <TextField label="Status" value={PO_STATUS_LABELS[po?.status ?? 'draft']} disabled />
          <TextField
            label="Prepared By"
            value={po ? `${po.prepared_by_name}${po.prepared_by_position ? ` — ${po.prepared_by_position}` : ''}` : ''}
            disabled
          />
          <TextField
            label="Approved By"
            value={po?.approved_by_name ? `${po.approved_by_name} — ${po.approved_by_position}` : ''}
            disabled
            slotProps={{ htmlInput: { 'data-testid': 'field-approved_by' } }}
          />
        </FormGrid>

        {po && <PoExtras key={po.version} po={po} />}

        <Stack direction="row" spacing={1} sx={{ mt: 3 }} flexWrap="wrap" useFlexGap>
          {canSave && (
            <Button variant="contained" onClick={() => doSave('save')} disabled={save.isPending} data-testid="po-save">
              Save Purchase Order
            </Button>
          )}
          {po && can('purchaseOrders.requestApproval', ctx) && (
            <Button variant="outlined" onClick={() => setDialog('approval')} data-testid="po-request-approval">
              Request Approval
            </Button>
          )}
          {po && can('purchaseOrders.approve', ctx) && (
            <>
              <Button variant="contained" color="success" onClick={() => decide('approve')} data-testid="po-approve">
                Approve
              </Button>
              <Button variant="outlined" color="error" onClick={() => decide('reject')} data-testid="po-reject">
                Reject
              </Button>
            </>
          )}
          {po && can('purchaseOrders.receive', ctx) && (
            <Button variant="contained" color="success" onClick={receive} data-testid="po-receive">
              Mark as Received
            </Button>
          )}
          {canRevise && (
            <Button variant="outlined" onClick={() => doSave('revise')} data-testid="po-revise">
              Revise
            </Button>
          )}
          {po && can('purchaseOrders.duplicate', ctx) && (
            <Button variant="outlined" onClick={() => doSave('duplicate')} data-testid="po-duplicate">
              Duplicate
            </Button>
          )}
          {po && can('purchaseOrders.cancel', ctx) && (
            <Button color="error" onClick={() => setDialog('cancel')} data-testid="po-cancel">
              Cancel PO
            </Button>
          )}
          {po && can('purchaseOrders.pdf', ctx) && (
            <Button onClick={download} data-testid="po-download">
              Download
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={back} data-testid="po-back">
            Back
          </Button>
        </Stack>
      </Paper>
      {po && (
        <>
          <RequestApprovalDialog
            open={dialog === 'approval'}
            busy={action.isPending}
            onClose={() => setDialog(null)}
            onSend={async (ids) => {
              // The request covers what is on screen: a draft's unsaved edits are saved first.
              if (canSave) {
                if (!check()) {
                  setDialog(null);
                  setBanner(MSG.validation);
                  return;
                }
                try {
                  await save.mutateAsync(toBody(f, { id: po.id, version: po.version }));
                } catch (err) {
                  setDialog(null);
                  if (err instanceof ApiError) {
                    if (err.code === 'stale_version') conflict.set(err.message);
                    else setBanner(err.message);
                    setErrors(err.fieldErrors);
                  }
                  return;
                }
              }
              if (await run({ kind: 'requestApproval', id: po.id, emailTo: ids }, PO_MSG.sentForApproval))
                setDialog(null);
            }}
          />
          <CancelPoDialog
            open={dialog === 'cancel'}
            busy={action.isPending}
            error={cancelError}
            onClose={() => setDialog(null)}
            onCancelPo={async (reason) => {
              try {
                await action.mutateAsync({ kind: 'cancel', id: po.id, reason });
                toast(PO_MSG.cancelled, 'success');
                setDialog(null);
              } catch (err) {
                const m = err instanceof ApiError && err.message ? err.message : PO_MSG.cancelFailed;
                setCancelError(m);
                toast(m, 'error');
              }
            }}
          />
        </>
      )}
    </Box>
  );
}
