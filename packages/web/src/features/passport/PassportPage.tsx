import { TEST_STATUS_LABELS } from '@bpm/contract/orders';
import { PASSPORT_MSG, type Passport } from '@bpm/contract/passport';
import {
  Alert,
  Box,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { usePassport } from '../../api/units';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const Field = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" display="block">
      {label}
    </Typography>
    <Typography>{value}</Typography>
  </Box>
);

const date = (d: number | null) => (d == null ? '-' : formatDate(d));

/**
 * /serials/{Serial}: one serial's passport (BPM's own, issue 23) — product, unit, each step's result with tester,
 * QA and dates, order and dealer, packing lists with warranty end, licenses and moves; the server answers each
 * part only to the roles that may see it.
 */
export default function PassportPage() {
  const serial = useParams().Serial ?? '';
  const q = usePassport(serial);
  if (q.isLoading) return <PageLoader />;
  if (q.isError || !q.data) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return <Alert severity="error">{missing ? PASSPORT_MSG.notFound : 'Failed to load the serial'}</Alert>;
  }
  const p = q.data;
  return (
    <Box>
      <PageHeader title={`Serial ${p.serial}`} />
      <Stack spacing={2}>
        <Section title="Unit">
          <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap>
            <Field label="Product" value={`${p.product.product_code} · ${p.product.desc}`} />
            <Field label="Serials of this unit" value={p.unit_serials.join(', ')} />
            <Field label="Warranty" value={`${p.product.warranty} days`} />
          </Stack>
        </Section>
        <TestSection p={p} />
        {p.order && (
          <Section title="Order">
            <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap>
              <Field
                label="OC Ref"
                value={
                  <Link component={RouterLink} to={`/testchecklists/${p.order.id}`}>
                    {p.order.oc_ref || `#${p.order.id}`}
                  </Link>
                }
              />
              <Field label="Company" value={p.order.dealer_name} />
              <Field label="AWB" value={p.order.shipping_awb || '-'} />
              <Field label="Ship Date" value={date(p.order.shipping_date)} />
            </Stack>
          </Section>
        )}
        {p.packing_lists.length > 0 && (
          <Section title="Packing Lists">
            {p.packing_lists.map((pl) => (
              <Stack key={pl.id} direction="row" spacing={4} flexWrap="wrap" useFlexGap data-testid="passport-packing">
                <Field
                  label="Packing List"
                  value={
                    <Link component={RouterLink} to={`/packinglists/edit/${pl.id}`}>
                      {`#${pl.id} · ${pl.po_number}`}
                    </Link>
                  }
                />
                <Field label="Shipping Date" value={date(pl.shipping_date)} />
                <Field label="Warranty End" value={date(pl.warranty_end)} />
              </Stack>
            ))}
          </Section>
        )}
        {p.licenses.length > 0 && (
          <Section title="License Keys">
            {p.licenses.map((l) => (
              <Field key={l.id} label={`${l.kind} · ${formatDate(l.created_at)}`} value={l.key} />
            ))}
          </Section>
        )}
        {p.moves.length > 0 && (
          <Section title="History">
            {p.moves.map((m) => (
              <Typography
                key={`${m.event}-${m.time}`}
              >{`${formatDate(m.time)} · ${m.event.replaceAll('_', ' ')} · ${m.name}`}</Typography>
            ))}
          </Section>
        )}
      </Stack>
    </Box>
  );
}

function TestSection({ p }: { p: Passport }) {
  const c = p.checklist;
  if (!c) return <Section title="Test">Not on a test checklist</Section>;
  const path = c.kind === 'order' ? `/testchecklists/test/${c.id}` : `/stocktestchecklists/test/${c.id}`;
  return (
    <Section title="Test">
      <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
        <Field
          label="Checklist"
          value={
            <Link component={RouterLink} to={path} data-testid="passport-checklist">
              {`#${c.id}${c.rev ? ` · REV ${c.rev}` : ''}`}
            </Link>
          }
        />
        <Field label="Status" value={TEST_STATUS_LABELS[c.status]} />
        <Field label="Test By" value={c.test_by_name || '-'} />
        <Field label="Test Date" value={date(c.test_date)} />
        <Field label="QC By" value={c.qa_by_name || '-'} />
        <Field label="QC Date" value={date(c.qa_date)} />
      </Stack>
      <Table size="small" aria-label="Test results">
        <TableHead>
          <TableRow>
            <TableCell>SI</TableCell>
            <TableCell>Test Step</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {p.steps.map((s) => (
            <TableRow key={s.si_number} data-testid="passport-step">
              <TableCell>{s.si_number}</TableCell>
              <TableCell>{s.test_desc}</TableCell>
              <TableCell>{s.result ?? '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
