import { MSG } from '@bpm/contract/messages';
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { PAYMENT_LABELS, PAYMENT_STATES, PO_MSG, toDisplay } from '@bpm/contract/purchase-orders';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useCan } from '../../api/auth-store';
import { saveBlob } from '../../api/client';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { downloadPoFile, usePoAction, usePoUpload } from '../../api/purchase-orders';

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box sx={{ mt: 3 }}>
    <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

async function openPdf(area: 'purchase_order', field: string, id: number) {
  try {
    const { blob, fileName } = await downloadPoFile(area, field, id);
    saveBlob(blob, fileName);
  } catch (err) {
    console.error(err);
  }
}

/** Shipping cost, AWB, proof of payment and supplier quote: each with its own call, role and status rule. */
export function PoExtras({ po }: { po: PurchaseOrder }) {
  // One upload at a time: both Upload buttons wait for it.
  const upload = usePoUpload();
  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <ShippingCostSection po={po} />
        <AwbSection po={po} />
      </Stack>
      <PaymentSection po={po} upload={upload} />
      <QuoteSection po={po} upload={upload} />
    </Box>
  );
}

type PoUpload = ReturnType<typeof usePoUpload>;

/** Shipping cost in the PO currency (required, a number ≥ 0). */
function ShippingCostSection({ po }: { po: PurchaseOrder }) {
  const can = useCan();
  const ctx = { state: po.status };
  const action = usePoAction();
  const [shipping, setShipping] = useState(
    po.shipping_cost ? String(Math.round(toDisplay(po.shipping_cost, po.currency_rate) * 100) / 100) : '',
  );
  const [shippingError, setShippingError] = useState<string>();
  const saveShipping = async () => {
    if (shipping.trim() === '') return setShippingError(MSG.required);
    if (!Number.isFinite(Number(shipping)) || Number(shipping) < 0) return setShippingError(MSG.number);
    setShippingError(undefined);
    try {
      await action.mutateAsync({ kind: 'shippingCost', id: po.id, shipping_cost: Number(shipping) });
      toast(MSG.saved, 'success');
    } catch (err) {
      console.error(err); // section 8: only logged
    }
  };
  return (
    <Section title="Shipping Cost">
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          size="small"
          type="number"
          label={`Shipping Cost (${po.currency})`}
          value={shipping}
          disabled={!can('purchaseOrders.shippingCost', ctx)}
          onChange={(e) => setShipping(e.target.value)}
          error={!!shippingError}
          helperText={shippingError}
          slotProps={{ htmlInput: { 'data-testid': 'field-shipping_cost', step: 'any', min: 0 } }}
        />
        {can('purchaseOrders.shippingCost', ctx) && (
          <Button variant="outlined" onClick={saveShipping} sx={{ flexShrink: 0 }} data-testid="po-save-shipping">
            Save Shipping Cost
          </Button>
        )}
      </Stack>
    </Section>
  );
}

/** The AWB number (required). */
function AwbSection({ po }: { po: PurchaseOrder }) {
  const can = useCan();
  const ctx = { state: po.status };
  const action = usePoAction();
  const [awb, setAwb] = useState(po.awb_number);
  const [awbError, setAwbError] = useState<string>();
  const saveAwb = async () => {
    if (!awb.trim()) return setAwbError(MSG.required);
    setAwbError(undefined);
    try {
      await action.mutateAsync({ kind: 'awb', id: po.id, awb_number: awb });
      toast(MSG.saved, 'success');
    } catch (err) {
      console.error(err);
    }
  };
  return (
    <Section title="AWB Number">
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          size="small"
          label="AWB Number"
          value={awb}
          disabled={!can('purchaseOrders.awb', ctx)}
          onChange={(e) => setAwb(e.target.value)}
          error={!!awbError}
          helperText={awbError}
          slotProps={{ htmlInput: { 'data-testid': 'field-awb_number' } }}
        />
        {can('purchaseOrders.awb', ctx) && (
          <Button variant="outlined" onClick={saveAwb} sx={{ flexShrink: 0 }} data-testid="po-save-awb">
            Save AWB Number
          </Button>
        )}
      </Stack>
    </Section>
  );
}

/** Payment status and the proof of payment (both required); the stored proof to view. */
function PaymentSection({ po, upload }: { po: PurchaseOrder; upload: PoUpload }) {
  const can = useCan();
  const ctx = { state: po.status };
  const [payStatus, setPayStatus] = useState<string>('');
  const [proof, setProof] = useState<File | null>(null);
  const [proofErrors, setProofErrors] = useState<Record<string, string>>({});
  const pay = async () => {
    const e: Record<string, string> = {};
    if (!payStatus) e.payment_status = PO_MSG.paymentStatusRequired;
    if (!proof) e.proof_payment_pdf = PO_MSG.proofRequired;
    setProofErrors(e);
    if (Object.keys(e).length) return;
    try {
      await upload.mutateAsync({
        kind: 'pay',
        id: po.id,
        fields: { payment_status: payStatus, proof_payment_pdf: proof },
      });
      toast(PO_MSG.proofUploaded, 'success');
      setProof(null);
    } catch (err) {
      if (err instanceof ApiError) setProofErrors(err.fieldErrors);
      toast(err instanceof ApiError && err.message ? err.message : PO_MSG.proofFailed, 'error');
    }
  };
  return (
    <Section title="Payment">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="po-paid">
        Payment status: {PAYMENT_LABELS[po.paid]}
      </Typography>
      {po.paid === 1 && po.proof_payment_pdf && can('purchaseOrders.pay') && (
        <Button
          sx={{ mb: 1 }}
          onClick={() => openPdf('purchase_order', 'proof_payment_pdf', po.id)}
          data-testid="po-proof-view"
        >
          View proof of payment
        </Button>
      )}
      {can('purchaseOrders.pay', ctx) && (
        <>
          <Stack direction="row" spacing={1} alignItems="flex-start" flexWrap="wrap" useFlexGap>
            <TextField
              select
              size="small"
              label="Payment Status"
              value={payStatus}
              onChange={(e) => setPayStatus(e.target.value)}
              error={!!proofErrors.payment_status}
              helperText={proofErrors.payment_status}
              sx={{ width: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'field-payment_status' } }}
            >
              {PAYMENT_STATES.map((v) => (
                <MenuItem key={v} value={String(v)}>
                  {PAYMENT_LABELS[v]}
                </MenuItem>
              ))}
            </TextField>
            <PdfPicker file={proof} onChange={setProof} testId="proof-input" />
            <Button variant="contained" onClick={pay} disabled={upload.isPending} data-testid="po-upload-proof">
              Upload
            </Button>
          </Stack>
          <FormHelperText error={!!proofErrors.proof_payment_pdf}>
            {proofErrors.proof_payment_pdf ?? PO_MSG.proofHint}
          </FormHelperText>
        </>
      )}
    </Section>
  );
}

/** The supplier quote PDF: view the stored one, upload a new one. */
function QuoteSection({ po, upload }: { po: PurchaseOrder; upload: PoUpload }) {
  const can = useCan();
  const ctx = { state: po.status };
  const [quote, setQuote] = useState<File | null>(null);
  const [quoteError, setQuoteError] = useState<string>();
  const sendQuote = async () => {
    if (!quote) return setQuoteError(PO_MSG.quoteRequired);
    setQuoteError(undefined);
    try {
      await upload.mutateAsync({ kind: 'quote', id: po.id, fields: { supplier_quote_pdf: quote } });
      toast(PO_MSG.quoteUploaded, 'success');
      setQuote(null);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.supplier_quote_pdf)
        setQuoteError(err.fieldErrors.supplier_quote_pdf);
      toast(err instanceof ApiError && err.message ? err.message : PO_MSG.quoteFailed, 'error');
    }
  };

  return (
    <Section title="Supplier Quote">
      {po.supplier_quote_pdf && (
        <Button
          sx={{ mb: 1 }}
          onClick={() => openPdf('purchase_order', 'supplier_quote_pdf', po.id)}
          data-testid="po-quote-view"
        >
          View supplier quote
        </Button>
      )}
      {can('purchaseOrders.quote', ctx) && (
        <Stack direction="row" spacing={1} alignItems="center">
          <PdfPicker file={quote} onChange={setQuote} testId="quote-input" />
          <Button variant="contained" onClick={sendQuote} disabled={upload.isPending} data-testid="po-upload-quote">
            Upload
          </Button>
        </Stack>
      )}
      {quoteError && <FormHelperText error>{quoteError}</FormHelperText>}
    </Section>
  );
}

/** A PDF file chooser button showing the chosen file's name. */
function PdfPicker({
  file,
  onChange,
  testId,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
  testId: string;
}) {
  return (
    <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
      {file ? file.name : 'Choose PDF'}
      <input
        hidden
        type="file"
        accept="application/pdf,.pdf"
        data-testid={testId}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
    </Button>
  );
}
