import type { PoHistoryRow } from '@bpm/contract/purchase-order-reads';
import { formatAmount, formatPrice, PAYMENT_LABELS, PO_STATUS_LABELS } from '@bpm/contract/purchase-orders';
import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { saveBlob } from '../../api/client';
import { downloadPoFile, usePoHistory, usePoHistoryRecord } from '../../api/purchase-orders';
import { DataTable } from '../../components/DataTable';
import { fieldLabel, valueText } from '../../components/event-prose';
import { FormGrid, useIdParam } from '../../components/FormPage';
import { displayValue, formatDate, formatDateTime, formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PoStatusChip } from './PoStatusChip';

/** /purchaseorders/history/{PurchaseOrderId}: stored versions, date descending, 50 a page. */
function PoHistoryListPage() {
  const id = useIdParam('PurchaseOrderId') ?? 0;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const q = usePoHistory(id, { limit: pageSize, offset: page * pageSize });
  return (
    <Box>
      <PageHeader back title="Purchase Order History" />
      <DataTable<PoHistoryRow>
        historySizes
        testId="po-history-table"
        rows={q.data?.rows ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(0);
        }}
        rowKey={(r) => r.id}
        rowHref={(r) => `/purchaseorders/history/${id}/${r.id}`}
        emptyText="No history yet"
        columns={[
          { key: 'date', header: 'Date', render: (r) => formatDateTime(r.date) },
          { key: 'action', header: 'Version', render: (r) => r.action },
          { key: 'po_number', header: 'PO Number' },
          { key: 'po_date', header: 'PO Date', render: (r) => formatDate(r.po_date) },
          { key: 'supplier_name', header: 'Supplier' },
          { key: 'requisitioner', header: 'Requisitioner' },
          { key: 'purpose', header: 'Purpose' },
          { key: 'department', header: 'Department' },
          { key: 'due_date', header: 'Due Date', render: (r) => formatDate(r.due_date) },
          {
            key: 'status',
            header: 'Status',
            render: (r) => <PoStatusChip status={r.status} reason={r.cancelled_reason} />,
          },
          { key: 'amount', header: 'Amount', align: 'right', render: (r) => formatMoney(r.amount, 'US$') },
          { key: 'paid', header: 'Payment', render: (r) => PAYMENT_LABELS[r.paid] },
        ]}
      />
    </Box>
  );
}

/** A changed value as the form shows it: payment and status by their labels, dates as dates, flags as words. */
function changeText(field: string, v: unknown): string {
  if (field === 'paid' && typeof v === 'number') return PAYMENT_LABELS[v as keyof typeof PAYMENT_LABELS] ?? String(v);
  if (field === 'status' && typeof v === 'string') return PO_STATUS_LABELS[v as keyof typeof PO_STATUS_LABELS] ?? v;
  return valueText(field, v);
}

/** /purchaseorders/history/{PurchaseOrderId}/{PurchaseOrderHistoryId}: a read-only past version. */
export function PoHistoryRecordPage() {
  const hid = useIdParam('PurchaseOrderHistoryId') ?? 0;
  const q = usePoHistoryRecord(hid);
  if (q.isError) return <Alert severity="error">{(q.error as Error).message}</Alert>;
  if (!q.data) return <PageLoader />;
  const h = q.data;
  const s = h.snapshot;
  const canDownload = h.status === 'approved' || h.status === 'received';
  const field = (label: string, value: unknown) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {displayValue(value) || '—'}
      </Typography>
    </Box>
  );
  const changes = Object.entries(h.changes ?? {}).filter(([k]) => k !== 'parts');
  return (
    <Box>
      <PageHeader
        back
        title={`Purchase Order ${h.po_number} — ${h.action} ${formatDateTime(h.date)}`}
        actions={
          canDownload && (
            <Button
              variant="contained"
              data-testid="po-history-download"
              onClick={async () => {
                const { blob, fileName } = await downloadPoFile('purchase_order_history', 'po_pdf', h.id);
                saveBlob(blob, fileName);
              }}
            >
              Download
            </Button>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <FormGrid columns={3}>
          {field('Status', PO_STATUS_LABELS[s.status] ?? s.status)}
          {field('Supplier', s.supplier_name)}
          {field('Contact Person', s.supplier_contact_person)}
          {field('Address', s.supplier_address)}
          {field('Requisitioner', s.requisitioner)}
          {field('Purpose', s.purpose)}
          {field('Department', s.department)}
          {field('Terms', s.terms)}
          {field('Price Quote', s.price_quote)}
          {field('PO Date', formatDate(s.po_date))}
          {field('Due Date', formatDate(s.due_date))}
          {field('Currency', `${s.currency} (rate ${s.currency_rate})`)}
          {field('Prepared By', [s.prepared_by_name, s.prepared_by_position].filter(Boolean).join(' — '))}
          {field('Approved By', [s.approved_by_name, s.approved_by_position].filter(Boolean).join(' — '))}
          {field('Payment', PAYMENT_LABELS[s.paid])}
        </FormGrid>
        <Table size="small" sx={{ mt: 3 }}>
          <TableHead>
            <TableRow>
              <TableCell>Manufacturer Part #</TableCell>
              <TableCell>Part Name</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Price ({s.currency})</TableCell>
              <TableCell>Remarks</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.parts.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: snapshot lines have no id
              <TableRow key={i}>
                <TableCell>{p.manuf_part_number}</TableCell>
                <TableCell>{p.part_name}</TableCell>
                <TableCell align="right">{p.quantity}</TableCell>
                <TableCell align="right">{formatPrice(p.price_UI)}</TableCell>
                <TableCell>{p.remarks}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                Total
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {s.currency} {formatAmount(s.currency_amount)}
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
        <Typography variant="subtitle1" sx={{ mt: 3, fontWeight: 600 }}>
          Changes against the previous version
        </Typography>
        {changes.length === 0 && !h.changes?.parts ? (
          <Typography variant="body2" color="text.secondary">
            No earlier version, or nothing changed.
          </Typography>
        ) : (
          <Table size="small" data-testid="po-history-changes">
            <TableBody>
              {changes.map(([k, c]) => (
                <TableRow key={k}>
                  <TableCell>{fieldLabel(k)}</TableCell>
                  <TableCell>{changeText(k, c.old)}</TableCell>
                  <TableCell>{changeText(k, c.new)}</TableCell>
                </TableRow>
              ))}
              {h.changes?.parts && (
                <TableRow>
                  <TableCell>parts</TableCell>
                  <TableCell colSpan={2}>The part lines changed.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Box>
  );
}

export default PoHistoryListPage;
