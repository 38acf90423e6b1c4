import { SHIPPING_STATUS_COLORS } from '@bpm/contract/orders';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { useProductionOverview } from '../../api/dashboard';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { ScrollRegion } from '../../components/ScrollRegion';
import { DashboardCard } from './DashboardCard';
import { DealerPicker, useDashboardDealer } from './DealerPicker';

/** 'Production Overview' (document 1 section 2.5). */
export function ProductionOverview() {
  const { dealerId } = useParams();
  const dealer = useDashboardDealer(dealerId);
  const navigate = useNavigate();
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
                  {data?.shipments.map((r) => (
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
                      <TableCell>
                        <Chip
                          size="small"
                          label={r.shipping_status}
                          color={SHIPPING_STATUS_COLORS[r.shipping_status]}
                          sx={{ textTransform: 'capitalize' }}
                        />
                      </TableCell>
                      <TableCell>{formatDate(r.shipping_date_expected)}</TableCell>
                      <TableCell>{r.note}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
          )}
        </DashboardCard>
      </Box>
    </Box>
  );
}
