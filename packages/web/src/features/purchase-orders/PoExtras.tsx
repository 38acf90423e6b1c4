import { MSG } from '@bpm/contract/messages';
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import {
  PAYMENT_LABELS,
  PAYMENT_STATES,
  PO_MSG,
  poAwb,
  poPay,
  poShippingCost,
  toDisplay,
} from '@bpm/contract/purchase-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, type FieldErrors, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useCan } from '../../api/auth-store';
import { saveBlob } from '../../api/client';
import { ApiError, applyServerErrors } from '../../api/errors';
import { toast } from '../../api/notify';
import { downloadPoFile, usePoAction, usePoUpload, usePurchaseOrder } from '../../api/purchase-orders';
import { type Conflict, ConflictBanner, useConflict } from '../../components/ConflictBanner';
import { FormTextField } from '../../components/FormTextField';

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

/** The contract's schema of a call, validating the form's values with the PO's id the call sends too. */
function withId<V extends FieldValues, O extends FieldValues>(schema: unknown, id: number): Resolver<V, unknown, O> {
  const validate = zodResolver(schema as never);
  return (values, ctx, opts) => validate({ ...values, id }, ctx, opts as never) as never;
}

/**
 * A save's failure: field errors land on the form's fields; a save over a newer version shows who changed it with
 * Reload; the rest is only logged (section 8).
 */
function onSaveError(
  err: unknown,
  setError: (name: never, e: { type: string; message: string }) => void,
  conflict: Conflict,
) {
  if (err instanceof ApiError && Object.keys(err.fieldErrors).length) applyServerErrors(setError, err.fieldErrors);
  else if (err instanceof ApiError && err.code === 'stale_version') conflict.set(err.message);
  else console.error(err);
}

/** Reload refetches the PO; its new version remounts these sections (PoExtras is keyed by it) with its values. */
function useStaleReload(id: number): Conflict {
  const { refetch } = usePurchaseOrder(id);
  return useConflict(
    () => refetch(),
    () => undefined,
  );
}

/** Shipping cost in the PO currency (required, a number ≥ 0): the contract's poShippingCost. */
function ShippingCostSection({ po }: { po: PurchaseOrder }) {
  const can = useCan();
  const ctx = { state: po.status };
  const action = usePoAction();
  const conflict = useStaleReload(po.id);
  const { control, handleSubmit, setError } = useForm<{ shipping_cost: string }, unknown, { shipping_cost: number }>({
    resolver: withId<{ shipping_cost: string }, { shipping_cost: number }>(poShippingCost, po.id),
    defaultValues: {
      shipping_cost: po.shipping_cost
        ? String(Math.round(toDisplay(po.shipping_cost, po.currency_rate) * 100) / 100)
        : '',
    },
  });
  const saveShipping = handleSubmit(async ({ shipping_cost }) => {
    try {
      await action.mutateAsync({ kind: 'shippingCost', id: po.id, shipping_cost, version: po.version });
      toast(MSG.saved, 'success');
    } catch (err) {
      onSaveError(err, setError as never, conflict);
    }
  });
  return (
    <Section title="Shipping Cost">
      <ConflictBanner conflict={conflict} testIdPrefix="po-shipping" />
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <FormTextField
          control={control}
          name="shipping_cost"
          size="small"
          type="number"
          label={`Shipping Cost (${po.currency})`}
          disabled={!can('purchaseOrders.shippingCost', ctx)}
          slotProps={{ htmlInput: { step: 'any', min: 0 } }}
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

/** The AWB number (required): the contract's poAwb. */
function AwbSection({ po }: { po: PurchaseOrder }) {
  const can = useCan();
  const ctx = { state: po.status };
  const action = usePoAction();
  const conflict = useStaleReload(po.id);
  const { control, handleSubmit, setError } = useForm<{ awb_number: string }, unknown, { awb_number: string }>({
    resolver: withId<{ awb_number: string }, { awb_number: string }>(poAwb, po.id),
    defaultValues: { awb_number: po.awb_number },
  });
  const saveAwb = handleSubmit(async ({ awb_number }) => {
    try {
      await action.mutateAsync({ kind: 'awb', id: po.id, awb_number, version: po.version });
      toast(MSG.saved, 'success');
    } catch (err) {
      onSaveError(err, setError as never, conflict);
    }
  });
  return (
    <Section title="AWB Number">
      <ConflictBanner conflict={conflict} testIdPrefix="po-awb" />
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <FormTextField
          control={control}
          name="awb_number"
          size="small"
          label="AWB Number"
          disabled={!can('purchaseOrders.awb', ctx)}
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

interface PayValues {
  payment_status: string;
  proof_payment_pdf: File | null;
}
type PayBody = { payment_status: string; proof_payment_pdf: File };

/** The contract's poPay for the status, plus the proof of payment PDF (no schema covers the file). */
const validatePay = zodResolver(poPay);
const payResolver: Resolver<PayValues, unknown, PayBody> = async (values, ctx, opts) => {
  const r = await validatePay({ payment_status: values.payment_status }, ctx, opts as never);
  const errors: FieldErrors<PayValues> = { ...(r.errors as FieldErrors<PayValues>) };
  if (!values.proof_payment_pdf) errors.proof_payment_pdf = { type: 'required', message: PO_MSG.proofRequired };
  if (Object.keys(errors).length || !values.proof_payment_pdf) return { values: {}, errors };
  return {
    values: { ...(r.values as { payment_status: string }), proof_payment_pdf: values.proof_payment_pdf },
    errors: {},
  };
};

/** Payment status and the proof of payment (both required); the stored proof to view. */
function PaymentSection({ po, upload }: { po: PurchaseOrder; upload: PoUpload }) {
  const can = useCan();
  const ctx = { state: po.status };
  const { control, handleSubmit, setError, setValue, formState } = useForm<PayValues, unknown, PayBody>({
    resolver: payResolver,
    defaultValues: { payment_status: '', proof_payment_pdf: null },
  });
  const pay = handleSubmit(async (fields) => {
    try {
      await upload.mutateAsync({ kind: 'pay', id: po.id, fields });
      toast(PO_MSG.proofUploaded, 'success');
      setValue('proof_payment_pdf', null);
    } catch (err) {
      if (err instanceof ApiError) applyServerErrors(setError as never, err.fieldErrors);
      toast(err instanceof ApiError && err.message ? err.message : PO_MSG.proofFailed, 'error');
    }
  });
  const proofError = formState.errors.proof_payment_pdf?.message;
  return (
    <Section title="Payment">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="po-paid">
        Payment status: {PAYMENT_LABELS[po.paid]}
      </Typography>
      {po.paid === 1 && po.proof_payment_pdf && can('files.purchase_order/proof_payment_pdf') && (
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
            <FormTextField
              control={control}
              name="payment_status"
              select
              size="small"
              label="Payment Status"
              sx={{ width: 200 }}
            >
              {PAYMENT_STATES.map((v) => (
                <MenuItem key={v} value={String(v)}>
                  {PAYMENT_LABELS[v]}
                </MenuItem>
              ))}
            </FormTextField>
            <Controller
              control={control}
              name="proof_payment_pdf"
              render={({ field }) => <PdfPicker file={field.value} onChange={field.onChange} testId="proof-input" />}
            />
            <Button variant="contained" onClick={pay} disabled={upload.isPending} data-testid="po-upload-proof">
              Upload
            </Button>
          </Stack>
          <FormHelperText error={!!proofError}>{proofError ?? PO_MSG.proofHint}</FormHelperText>
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
      {po.supplier_quote_pdf && can('files.purchase_order/supplier_quote_pdf') && (
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
