import type { ProductionOverview as ProductionOverviewData } from '@bpm/contract/dashboard';
import { SHIPPING_STATUS_COLORS } from '@bpm/contract/orders';
import {
  Box,
  Chip,
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
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useProductionOverview } from '../../api/dashboard';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { usePhone } from '../../components/phone';
import { ScrollRegion } from '../../components/ScrollRegion';
import { DashboardCard } from './DashboardCard';
import { DealerPicker, useDashboardDealer } from './DealerPicker';

/** 'Production Overview' (document 1 section 2.5). */
export function ProductionOverview() {
  const { dealerId } = useParams();
  const dealer = useDashboardDealer(dealerId);
  const q = useProductionOverview(dealer);
  const data = q.data;
  return (
    <Box>
      <PageHeader title="Production Overview" actions={<DealerPicker dealer={dealer} />} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <DashboardCard title="Total Shipments for Today" loading={!data} testId="shipments-today-total">
          <Typography variant="h3" component="p" data-testid="shipments-today-count">
            {data?.total}
          </Typography>
        </DashboardCard>
        <DashboardCard title="Shipments for Today" loading={!data} testId="shipments-today">
          {data && data.shipments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No shipments for today
            </Typography>
          ) : (
            <Shipments rows={data?.shipments ?? []} />
          )}
        </DashboardCard>
      </Box>
    </Box>
  );
}

type Shipment = ProductionOverviewData['shipments'][number];

/** Today's shipments: a table, or on a phone one card per order with its status in view (issue 24 item 26). */
function Shipments({ rows }: { rows: Shipment[] }) {
  const navigate = useNavigate();
  const phone = usePhone();
  const status = (r: Shipment) => (
    <Chip
      size="small"
      label={r.shipping_status}
      color={SHIPPING_STATUS_COLORS[r.shipping_status]}
      sx={{ textTransform: 'capitalize' }}
    />
  );
  if (phone)
    return (
      <Stack spacing={1}>
        {rows.map((r) => (
          <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="shipments-today-row">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Link component={RouterLink} to={`/orders/edit/${r.id}?page=dashboard`}>
                {r.oc_ref || `#${r.id}`}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {formatDate(r.date)}
              </Typography>
              {status(r)}
            </Stack>
            <Typography variant="body2">{r.dealer_name}</Typography>
            <Typography variant="body2" color="text.secondary">
              Expected Shipping: {formatDate(r.shipping_date_expected)}
            </Typography>
            {r.note && <Typography variant="body2">{r.note}</Typography>}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <ScrollRegion label="Shipments for Today">
      <Table size="small" aria-label="Shipments for Today">
        <TableHead>
          <TableRow>
            <TableCell>ID</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>OC Ref</TableCell>
            <TableCell>Dealer Name</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Expected Shipping</TableCell>
            <TableCell>Note</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.id}
              hover
              sx={{ cursor: 'pointer' }}
              data-testid="shipments-today-row"
              onClick={() => navigate(`/orders/edit/${r.id}?page=dashboard`)}
            >
              <TableCell>{r.id}</TableCell>
              <TableCell>{formatDate(r.date)}</TableCell>
              <TableCell>{r.oc_ref}</TableCell>
              <TableCell>{r.dealer_name}</TableCell>
              <TableCell>{status(r)}</TableCell>
              <TableCell>{formatDate(r.shipping_date_expected)}</TableCell>
              <TableCell>{r.note}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
