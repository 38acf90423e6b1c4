import { TC_MSG, type TestChecklist } from '@bpm/contract/test-checklists';
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
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCan, useCurrentUser } from '../../api/auth-store';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useDeleteChecklist, useStockProduct } from '../../api/test-checklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ActiveChip } from '../../components/ListPage';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ChecklistDialog } from './ChecklistDialog';
import { TestStatusChip } from './TestStatusChip';

/** /stocktestchecklists/{ProductId}: the product and its stock checklists (document 3 section 2.2). */
export default function StockProductPage() {
  const id = Number(useParams().ProductId);
  const q = useStockProduct(id);
  const can = useCan();
  const [dialog, setDialog] = useState<{ checklist?: TestChecklist } | null>(null);
  if (q.isLoading) return <PageLoader />;
  if (q.isError || !q.data) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return <Alert severity="error">{missing ? TC_MSG.productNotFound : TC_MSG.fetchProductFailed}</Alert>;
  }
  const p = q.data;
  return (
    <Box>
      <PageHeader
        title={`Stock Test Checklists: ${p.product_code}`}
        actions={
          can('testChecklists.manage') &&
          p.is_test_required === 1 && (
            <Button variant="contained" size="large" onClick={() => setDialog({})} data-testid="add-test">
              Add Test
            </Button>
          )
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap alignItems="center">
            <Info label="Product Code" value={p.product_code} />
            <Info label="Description" value={p.desc} />
            <Info label="HS Code" value={p.hs_code || '-'} />
            <Info label="Test Quantity" value={String(p.test_quantity)} />
            <ActiveChip active={p.active} />
            <TestStatusChip status={p.test_status} testId="product-test-status" />
          </Stack>
        </CardContent>
      </Card>
      <Table size="small">
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
          {(p.checklists ?? []).map((c) => (
            <Row key={c.id} c={c} onEdit={() => setDialog({ checklist: c })} />
          ))}
        </TableBody>
      </Table>
      {!p.checklists?.length && (
        <Typography sx={{ p: 3 }} color="text.secondary">
          No checklists
        </Typography>
      )}
      <ChecklistDialog
        kind="stock"
        open={!!dialog}
        onClose={() => setDialog(null)}
        checklist={dialog?.checklist}
        productId={p.id}
      />
    </Box>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

function Row({ c, onEdit }: { c: TestChecklist; onEdit: () => void }) {
  const can = useCan();
  const { user_id } = useCurrentUser();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteChecklist('stock', c.id);
  const mine = c.test_by === user_id;
  const manage = can('testChecklists.manage');
  // Start/Resume for the assigned tester while pending or in progress, otherwise Edit Test.
  const label =
    mine && (c.status === 'pending' || c.status === 'in progress')
      ? c.status === 'pending'
        ? 'Start Test'
        : 'Resume Test'
      : 'Edit Test';
  return (
    <TableRow data-testid="checklist-row" data-id={c.id}>
      <TableCell sx={{ whiteSpace: 'pre-line' }}>{c.serials.join('\n') || '-'}</TableCell>
      <TableCell>
        <Chip size="small" label={c.test_by_name || '-'} />
      </TableCell>
      <TableCell>{c.quantity}</TableCell>
      <TableCell>
        <TestStatusChip status={c.status} testId="checklist-status" />
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {(manage || mine) && (
            <Button
              size="large"
              variant="contained"
              onClick={() => navigate(`/stocktestchecklists/test/${c.id}`)}
              data-testid="open-test"
            >
              {label}
            </Button>
          )}
          {can('testChecklists.manage', { state: c.status, qaBy: c.qa_by }) && (
            <>
              <IconButton aria-label="Edit checklist" size="large" onClick={onEdit}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label="Delete checklist" size="large" onClick={() => setDeleting(true)}>
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
            remove.mutateAsync().catch(() => toast('Failed to delete checklist', 'error'));
          }}
        />
      </TableCell>
    </TableRow>
  );
}
