import { TC_MSG } from '@bpm/contract/test-checklists';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useCan, useCurrentUser } from '../../api/auth-store';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  type ChecklistKind,
  downloadChecklistFile,
  useApproveChecklist,
  useChecklist,
  useSignQc,
  useSteps,
} from '../../api/test-checklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SerialLinks } from '../../components/SerialLinks';
import { SerialsTab } from './SerialsTab';
import { StepsGrid } from './StepsGrid';
import { TestStatusChip } from './TestStatusChip';

// The revision form (react-hook-form) loads when it is first opened: the page stays within its budget.
const RevisionDialog = lazy(() => import('./RevisionDialog').then((m) => ({ default: m.RevisionDialog })));

function OrderChecklistPage() {
  return <ChecklistPage kind="order" />;
}
export function StockChecklistPage() {
  return <ChecklistPage kind="stock" />;
}
export default OrderChecklistPage;

/** Toasts how a sign-off or approval went: the success, or the spec's failure with the server's reason. */
const say = (done: Promise<unknown>, success: string, failure: string) =>
  done.then(
    () => toast(success, 'success'),
    (err) => toast(TC_MSG.failedBecause(failure, err instanceof ApiError ? err.message : undefined), 'error'),
  );

/** One checklist with tabs Test Steps and Serial Numbers (document 3 sections 2.1 and 2.2). */
function ChecklistPage({ kind }: { kind: ChecklistKind }) {
  const id = Number(useParams().ChecklistId);
  const q = useChecklist(kind, id);
  const steps = useSteps(kind, id);
  const can = useCan();
  const { user_id } = useCurrentUser();
  const [tab, setTab] = useState(0);
  const [revOpen, setRevOpen] = useState(false);
  const [signing, setSigning] = useState(false);
  const sign = useSignQc(kind, id);
  const approve = useApproveChecklist(kind, id);
  if (q.isLoading) return <PageLoader />;
  if (q.isError || !q.data)
    return (
      <Alert severity="error">
        {q.error instanceof ApiError && q.error.status !== 404 ? q.error.message : TC_MSG.checklistNotFound}
      </Alert>
    );
  const c = q.data;
  const ctx = { ownerId: c.test_by, userId: user_id, state: c.status, qaBy: c.qa_by };
  const locked = c.qa_by != null || c.status === 'completed';
  const canSteps = can('testChecklists.steps') && (kind === 'order' || !locked);
  return (
    <Box>
      <Link
        component={RouterLink}
        to={kind === 'order' ? `/testchecklists/${c.order_id}` : `/stocktestchecklists/${c.product_id}`}
        data-testid="checklist-back"
        sx={{ display: 'inline-block', mb: 1 }}
      >
        {kind === 'order' ? 'Back to the order' : `Back to ${c.product_code}`}
      </Link>
      <ConfirmDialog
        open={signing}
        title="Sign QC"
        message={TC_MSG.signConfirm(c.product_name, c.serials.length)}
        confirmLabel="Sign QC"
        cancelLabel="Cancel"
        testId="sign-dialog"
        onCancel={() => setSigning(false)}
        onConfirm={() => {
          setSigning(false);
          void say(sign.mutateAsync(), TC_MSG.signed, TC_MSG.signFailed);
        }}
      />
      <PageHeader
        title={kind === 'order' ? c.product_name : `${c.product_code} · ${c.product_desc}`}
        actions={
          <Stack direction="row" spacing={1}>
            {kind === 'order' && c.status === 'passed' && can('testChecklists.sign') && (
              <Button variant="contained" size="large" data-testid="sign-qc" onClick={() => setSigning(true)}>
                Sign QC
              </Button>
            )}
            {kind === 'order' && c.status === 'waiting approval' && can('testChecklists.approve') && (
              <Button
                variant="contained"
                size="large"
                data-testid="approve"
                onClick={() => say(approve.mutateAsync(), TC_MSG.approved, TC_MSG.approveFailed)}
              >
                Approve
              </Button>
            )}
            {kind === 'order' && (
              <Button
                variant="outlined"
                data-testid="checklist-pdf"
                onClick={() =>
                  downloadChecklistFile('test_checklist_pdf', c.id, can('files.admin')).catch(() => undefined)
                }
              >
                PDF
              </Button>
            )}
          </Stack>
        }
      />
      {kind === 'order' && c.status === 'passed' && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="qa-banner">
          {TC_MSG.qaSignRequired}
        </Alert>
      )}
      {c.status === 'waiting approval' && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="approval-banner">
          {TC_MSG.approvalRequired}
        </Alert>
      )}
      <Stack direction="row" spacing={3} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap alignItems="flex-end">
        <Info label="Serials" value={c.serials.length ? <SerialLinks serials={c.serials} /> : '-'} />
        <Box>
          <Typography variant="caption" color="text.secondary" display="block">
            Revision
          </Typography>
          <Chip
            label={c.rev || 'No Revision'}
            data-testid="rev-chip"
            onDelete={
              can('testChecklists.revision') && !(kind === 'stock' && locked) ? () => setRevOpen(true) : undefined
            }
            deleteIcon={<EditIcon data-testid="rev-edit" />}
          />
        </Box>
        <Info label="Test By" value={c.test_by_name || '-'} />
        {kind === 'order' && <Info label="QC By" value={c.qa_by_name || '-'} />}
        <Info label="Quantity" value={String(c.quantity)} />
        <Info label="Test Date" value={formatDate(c.test_date) || '-'} />
        {kind === 'order' && <Info label="QC Date" value={formatDate(c.qa_date) || '-'} />}
        <Box>
          <Typography variant="caption" color="text.secondary" display="block">
            Status
          </Typography>
          <TestStatusChip status={c.status} testId="checklist-status" />
        </Box>
      </Stack>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label="Test Steps" data-testid="tab-steps" />
        <Tab label="Serial Numbers" data-testid="tab-serials" />
      </Tabs>
      {tab === 0 ? (
        steps.data ? (
          <StepsGrid
            kind={kind}
            c={c}
            steps={steps.data}
            canSteps={canSteps}
            canResult={can('testChecklists.result', ctx) || can('testChecklists.retest', ctx)}
          />
        ) : (
          <PageLoader />
        )
      ) : (
        <SerialsTab kind={kind} c={c} editable={can('testChecklists.serials', ctx)} />
      )}
      {revOpen && (
        <Suspense fallback={null}>
          <RevisionDialog kind={kind} c={c} open onClose={() => setRevOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}
