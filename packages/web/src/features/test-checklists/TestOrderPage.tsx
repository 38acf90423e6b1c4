import { TC_MSG, type TestChecklist, type TestOrderProduct } from '@bpm/contract/test-checklists';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCan, useCurrentUser } from '../../api/auth-store';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { downloadChecklistFile, useDeleteChecklist, useTestOrder } from '../../api/test-checklists';
import { passportPath } from '../../api/units';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ChecklistDialog } from './ChecklistDialog';
import { ExportDialog, ImportDialog } from './MoveDialogs';
import { TestStatusChip } from './TestStatusChip';

/** /testchecklists/{OrderId}: the order's products, their quantity summary and checklists (document 3 section 2.1). */
export default function TestOrderPage() {
  const id = Number(useParams().OrderId);
  const q = useTestOrder(id);
  const can = useCan();
  if (q.isLoading) return <PageLoader />;
  if (q.isError || !q.data) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return <Alert severity="error">{missing ? TC_MSG.orderNotFound : TC_MSG.fetchOrderFailed}</Alert>;
  }
  const o = q.data;
  return (
    <Box>
      <PageHeader
        title={`Test Checklists: ${o.oc_ref || `#${o.id}`}`}
        actions={
          // Only when there is a checklist to zip (an order with nothing to test reads completed too).
          o.test_status === 'completed' &&
          o.products.some((p) => p.checklists.length > 0) && (
            <Button
              variant="outlined"
              data-testid="zip-all"
              onClick={() =>
                downloadChecklistFile('test_checklist_order_zip', o.id, can('files.admin')).catch(() =>
                  toast('Failed to download test checklists', 'error'),
                )
              }
            >
              ZIP All
            </Button>
          )
        }
      />
      <Stack direction="row" spacing={4} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
        <Field label="OC Ref" value={o.oc_ref || '-'} />
        <Field label="Company" value={o.dealer_name} />
        <Field label="Order Date" value={formatDate(o.date)} />
        <Box>
          <Typography variant="caption" color="text.secondary" display="block">
            Test Status
          </Typography>
          <TestStatusChip status={o.test_status} testId="order-test-status" />
        </Box>
      </Stack>
      <Stack spacing={2}>
        {o.products.map((p) => (
          <ProductCard key={p.id} p={p} canManage={can('testChecklists.manage')} />
        ))}
        {!!o.released?.length && <ReleasedChecklists list={o.released} canManage={can('testChecklists.manage')} />}
      </Stack>
    </Box>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

function ProductCard({ p, canManage }: { p: TestOrderProduct; canManage: boolean }) {
  const [dialog, setDialog] = useState<{ checklist?: TestChecklist } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const testable = !p.is_shipping_cost && p.is_test_required === 1;
  const excess = p.test_assigned - p.quantity;
  return (
    <Card variant="outlined" data-testid="test-product">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {p.name}
          </Typography>
          {p.is_shipping_cost === 1 && <Chip label="Shipping Cost" size="small" />}
          {excess > 0 && <Typography data-testid="tests-excess">{`Tests: ${p.test_assigned} (+${excess})`}</Typography>}
          {canManage && testable && (
            <>
              <Button variant="contained" size="large" onClick={() => setDialog({})} data-testid="add-test">
                Add Test
              </Button>
              <Button variant="outlined" size="large" onClick={() => setImporting(true)} data-testid="import-stock">
                Import from Stock
              </Button>
            </>
          )}
        </Stack>
        <Stack direction="row" spacing={3} sx={{ my: 1 }} data-testid="quantity-summary">
          <Typography>Total Quantity: {p.quantity}</Typography>
          <Typography>Test Assigned: {p.test_assigned}</Typography>
          <Typography>Test Remaining: {Math.max(0, p.quantity - p.test_assigned)}</Typography>
        </Stack>
        {excess > 0 && (
          <Alert
            severity="warning"
            data-testid="excess-banner"
            action={
              canManage && (
                <Button color="inherit" onClick={() => setExporting(true)} data-testid="export-stock">
                  Export to Stock
                </Button>
              )
            }
          >
            <strong>{TC_MSG.exceedsQuantity}</strong> Assigned: {p.test_assigned}, actual: {p.quantity}, excess:{' '}
            {excess}
          </Alert>
        )}
        {p.checklists.length > 0 && (
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Serials</TableCell>
                <TableCell>Tester</TableCell>
                <TableCell>Quantity</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {p.checklists.map((c) => (
                <ChecklistRow key={c.id} c={c} onEdit={() => setDialog({ checklist: c })} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ChecklistDialog
        kind="order"
        open={!!dialog}
        onClose={() => setDialog(null)}
        checklist={dialog?.checklist}
        orderProductId={p.id}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        productId={p.product_id}
        orderProductId={p.id}
      />
      <ExportDialog open={exporting} onClose={() => setExporting(false)} list={p.checklists} />
    </Card>
  );
}

function ChecklistRow({ c, onEdit }: { c: TestChecklist; onEdit: () => void }) {
  const can = useCan();
  const { user_id } = useCurrentUser();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const ctx = { ownerId: c.test_by, userId: user_id, state: c.status, qaBy: c.qa_by };
  const remove = useDeleteChecklist('order', c.id);
  const open = () => navigate(`/testchecklists/test/${c.id}`);
  let action: React.ReactNode = null;
  if (can('testChecklists.sign')) {
    // QA signs from the checklist's view, which shows the results and asks before signing (document 3 §6:
    // View Test, or Sign QC when passed).
    action = (
      <>
        <Button size="large" onClick={open} data-testid="view-test">
          View Test
        </Button>
        {c.status === 'passed' && (
          <Button variant="contained" size="large" data-testid="sign-qc" onClick={open}>
            Sign QC
          </Button>
        )}
      </>
    );
  } else if (can('testChecklists.manage')) {
    action = (
      <Button size="large" onClick={open} data-testid="edit-test">
        Edit Test
      </Button>
    );
  } else if (c.test_by === user_id) {
    action = (
      <Button variant="contained" size="large" onClick={open} data-testid="start-test">
        {c.status === 'pending' ? 'Start Test' : 'Resume Test'}
      </Button>
    );
  }
  return (
    <TableRow data-testid="checklist-row" data-id={c.id}>
      <TableCell data-testid="checklist-serials">
        {c.serials.length
          ? c.serials.map((serial) => (
              <Link key={serial} component={RouterLink} to={passportPath(serial)} display="block">
                {serial}
              </Link>
            ))
          : '-'}
      </TableCell>
      <TableCell>
        <Chip size="small" label={c.test_by_name || '-'} />
      </TableCell>
      <TableCell>{c.quantity}</TableCell>
      <TableCell>
        <TestStatusChip status={c.status} testId="checklist-status" />
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} justifyContent="flex-end" alignItems="center">
          {action}
          {can('testChecklists.manage', ctx) && (
            <>
              <IconButton aria-label="Edit checklist" onClick={onEdit} size="large" data-testid="checklist-edit">
                <EditIcon />
              </IconButton>
              <IconButton aria-label="Delete checklist" onClick={() => setDeleting(true)} size="large">
                <DeleteIcon />
              </IconButton>
            </>
          )}
        </Stack>
        <ConfirmDialog
          open={deleting}
          message="Are you sure you want to delete this test checklist?"
          onCancel={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            remove.mutateAsync().catch(() => toast('Failed to delete test checklist', 'error'));
          }}
        />
      </TableCell>
    </TableRow>
  );
}

/** Checklists of lines removed from the order: shown, with Export to Stock, so nothing tested goes missing. */
function ReleasedChecklists({ list, canManage }: { list: TestChecklist[]; canManage: boolean }) {
  const [exporting, setExporting] = useState(false);
  return (
    <Alert
      severity="warning"
      data-testid="released-checklists"
      action={
        canManage && (
          <Button color="inherit" size="small" onClick={() => setExporting(true)}>
            Export to Stock
          </Button>
        )
      }
    >
      <Typography sx={{ mb: 1 }}>{TC_MSG.releasedLines}</Typography>
      <Table size="small" aria-label="Checklists of removed lines">
        <TableBody>
          {list.map((c) => (
            <TableRow key={c.id} data-testid="released-row">
              <TableCell>{`${c.product_code} × ${c.quantity}`}</TableCell>
              <TableCell>{c.serials.join(', ') || '-'}</TableCell>
              <TableCell>{c.test_by_name || '-'}</TableCell>
              <TableCell>
                <TestStatusChip status={c.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ExportDialog open={exporting} onClose={() => setExporting(false)} list={list} />
    </Alert>
  );
}
