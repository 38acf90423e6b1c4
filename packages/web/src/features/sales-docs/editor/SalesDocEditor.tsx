import { MSG } from '@bpm/contract/messages';
import { SHIPPING_STATUS_COLORS } from '@bpm/contract/orders';
import { canReach } from '@bpm/contract/roles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip, Divider, IconButton, Link, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DocKind, SalesDoc } from '../../../api/orders';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormPage } from '../../../components/FormPage';
import { formatDateTime } from '../../../components/format';
import { PageLoader } from '../../../components/PageLoader';
import { UI_MSG } from '../../../components/ui-messages';
import { loadPickers } from './fields';
import { AddressesSection } from './sections/AddressesSection';
import { GeneralSection } from './sections/GeneralSection';
import { LinesSection, loadProductLines } from './sections/LinesSection';
import { type DocConfirm, useDocActions } from './useDocActions';
import { type SalesDocFormApi, useSalesDocForm } from './useSalesDocForm';

// Below the product lines: their own chunk (docs/performance.md, "What each page adds").
const loadLaterSections = () => import('./sections/LaterSections');
const LaterSections = lazy(() => loadLaterSections().then((m) => ({ default: m.LaterSections })));

/**
 * An editor page: the record's loader or error, then the editor. The editor's lazy parts (the Autocomplete
 * fields, the product lines, the sections below them) start loading once the page shows, beside the record.
 */
export function SalesDocScreen({
  kind,
  id,
  query,
}: {
  kind: DocKind;
  id: number | undefined;
  query: UseQueryResult<SalesDoc>;
}) {
  useEffect(() => {
    void loadPickers();
    void loadProductLines();
    void loadLaterSections();
  }, []);
  if (id && !query.data) {
    return query.isError ? <Alert severity="error">{(query.error as Error).message}</Alert> : <PageLoader />;
  }
  return <SalesDocEditor key={id ?? 'new'} kind={kind} doc={query.data} reload={() => query.refetch()} />;
}

/**
 * The order and quotation editor (document 1 sections 2.8, 2.9, 4, 5): one screen, variants by kind and by role
 * (sales/administrator, shipping, production). State and saving live in useSalesDocForm, the record actions in
 * useDocActions; this composes the sections on the shared FormPage.
 */
function SalesDocEditor({
  kind,
  doc,
  reload,
}: {
  kind: DocKind;
  doc?: SalesDoc;
  reload: () => Promise<{ data?: SalesDoc }>;
}) {
  const f = useSalesDocForm({ kind, doc, reload });
  const formRef = useRef<HTMLFormElement | null>(null);
  const a = useDocActions(f, () => formRef.current);
  const { info, current } = f;
  const requested = current?.request_to_delete === 1;

  return (
    <FormPage
      formRef={formRef}
      layout="sections"
      onSubmit={() => f.runSave('save')}
      header={<EditorHeader f={f} requested={requested} />}
      conflict={f.conflict}
      notice={
        <>
          {f.otherErrors.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {f.otherErrors.join('; ')}
            </Alert>
          )}
          {!info.canSave && (
            <Alert severity="info" sx={{ mb: 2 }}>
              This {kind} is read-only for your role.
            </Alert>
          )}
        </>
      }
      testIdPrefix="doc"
      onCancel={() => f.navigate(f.backTo)}
      cancelLabel="Back"
      cancelTestId="doc-back"
      canSave={info.canSave}
      saving={a.busy}
      dirty={info.canSave && f.dirty}
      extraActions={
        <>
          {a.mayDelete && (
            <Button color="error" onClick={() => a.ask('delete')} disabled={a.busy} data-testid="doc-delete">
              Delete
            </Button>
          )}
          {a.mayRequestDelete &&
            (requested ? (
              <Button onClick={a.cancelRequest} disabled={a.busy} data-testid="doc-cancel-delete">
                Cancel Request to Delete
              </Button>
            ) : (
              <Button
                color="warning"
                onClick={() => a.ask('request')}
                disabled={a.busy}
                data-testid="doc-request-delete"
              >
                Request to Delete
              </Button>
            ))}
          {a.mayCopy && (
            <>
              <Divider orientation="vertical" flexItem />
              <Button onClick={() => a.ask('duplicate')} disabled={a.busy} data-testid="doc-duplicate">
                Duplicate
              </Button>
              <Button onClick={() => a.ask('revise')} disabled={a.busy} data-testid="doc-revise">
                Revise
              </Button>
            </>
          )}
          {a.mayConfirmOrder && (
            <Button variant="outlined" onClick={() => a.ask('turn')} disabled={a.busy} data-testid="doc-confirm-order">
              Confirm Order
            </Button>
          )}
        </>
      }
      after={<ActionDialogs f={f} confirm={a.confirm} busy={a.busy} onRun={a.run} onCancel={() => a.ask(null)} />}
    >
      <GeneralSection f={f} />
      <AddressesSection f={f} />
      <LinesSection f={f} />
      <Suspense fallback={<PageLoader />}>
        <LaterSections f={f} />
      </Suspense>
      {current && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Created {formatDateTime(current.created_at)} · Updated {formatDateTime(current.updated_at)}
          {current.revision ? ` · Revision ${current.revision}` : ''}
        </Typography>
      )}
    </FormPage>
  );
}

function EditorHeader({ f, requested }: { f: SalesDocFormApi; requested: boolean }) {
  const { current, kind, id } = f;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <IconButton aria-label="Back" data-testid="back-button" onClick={() => f.navigate(f.backTo)}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h5" component="h1" data-testid="doc-title">
        {f.docName}
      </Typography>
      {current && (
        <Chip
          size="small"
          label={current.shipping_status}
          color={SHIPPING_STATUS_COLORS[current.shipping_status ?? 'wait']}
          data-testid="doc-status"
        />
      )}
      {requested && <Chip size="small" color="warning" label="Delete requested" data-testid="doc-delete-requested" />}
      {kind === 'quotation' && current?.order_id && (
        <Chip
          size="small"
          variant="outlined"
          label={`Confirmed as order #${current.order_id}`}
          component={RouterLink}
          to={`/orders/edit/${current.order_id}`}
          clickable
          data-testid="doc-confirmed-order"
        />
      )}
      <Box sx={{ flexGrow: 1 }} />
      {id && canReach(f.role, `/events/${kind}/${id}`) && (
        <Link component={RouterLink} to={`/events/${kind}/${id}`} data-testid="doc-history">
          View History
        </Link>
      )}
    </Box>
  );
}

/** The questions of the record actions; each names the record. */
function ActionDialogs({
  f,
  confirm,
  busy,
  onRun,
  onCancel,
}: {
  f: SalesDocFormApi;
  confirm: DocConfirm;
  busy: boolean;
  onRun: (which: Exclude<DocConfirm, null>) => void;
  onCancel: () => void;
}) {
  const name = f.docName;
  const texts: Record<Exclude<DocConfirm, null>, { title: string; message: string; destructive?: boolean }> = {
    delete: { title: `Delete ${name}`, message: MSG.deleteDocConfirm(f.kind), destructive: true },
    request: { title: 'Request to Delete', message: UI_MSG.requestDeleteConfirm(name), destructive: true },
    turn: { title: 'Confirm Order', message: UI_MSG.confirmOrderConfirm(name) },
    duplicate: { title: 'Duplicate', message: UI_MSG.duplicateConfirm(name) },
    revise: { title: 'Revise', message: UI_MSG.reviseConfirm(name) },
  };
  const t = confirm ? texts[confirm] : undefined;
  return (
    <ConfirmDialog
      open={!!confirm}
      title={t?.title}
      message={t?.message ?? ''}
      destructive={t?.destructive}
      busy={busy}
      onConfirm={() => confirm && onRun(confirm)}
      onCancel={onCancel}
    />
  );
}
