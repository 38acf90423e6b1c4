import type { SalesOverview as Overview } from '@bpm/contract/dashboard';
import { formatChange } from '@bpm/contract/dashboard';
import {
  Box,
  Chip,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useSalesOverview } from '../../api/dashboard';
import { formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { preloadable, useIdle } from '../../components/preloadable';
import { ApprovePoCard } from './ApprovePoCard';
import { creditAvailableText } from './credit';
import { DashboardCard } from './DashboardCard';
import { DealerPicker, useDashboardDealer } from './DealerPicker';
import { DeleteRequestsCard } from './DeleteRequestsCard';

// The chart (MUI X charts) is its own chunk: the dashboard route stays small (issue 9 bundle budget). It loads
// beside the page (preloadSalesChart, from the route's preload), so the figures do not wait for it after LOGIN.
const SalesChart = preloadable(() => import('./SalesChart'));
export const preloadSalesChart = () => SalesChart.preload();

const money = (v: number | undefined) => formatMoney(v ?? 0, 'US$');

/** The chart's place while it waits (for an idle moment, then for its chunk): its height, so nothing moves. */
const chartPlace = <Skeleton variant="rounded" height={380} />;

/** 'Overview' for administrator and sale (document 1 section 2.5). */
export function SalesOverview({ admin }: { admin: boolean }) {
  const { dealerId } = useParams();
  const dealer = useDashboardDealer(dealerId);
  const [year, setYear] = useState<number | undefined>(undefined);
  const q = useSalesOverview(dealer, year);
  const data = q.data;
  return (
    <Box>
      <PageHeader title="Overview" actions={<DealerPicker dealer={dealer} />} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <SummaryCard data={data} />
        {dealer > 0 ? <CreditCard data={data} /> : <TopDealersCard data={data} />}
        <Box sx={{ gridColumn: { lg: '1 / span 2' } }}>
          <YearCard data={data} onYear={setYear} />
        </Box>
        {admin && <DeleteRequestsCard kind="order" />}
        {admin && <DeleteRequestsCard kind="quotation" />}
        {admin && <ApprovePoCard />}
      </Box>
    </Box>
  );
}

function ChangeChip({ change }: { change: number | null }) {
  const color = change === null || change === 0 ? 'default' : change > 0 ? 'success' : 'error';
  return <Chip size="small" label={formatChange(change)} color={color} variant="outlined" />;
}

function SummaryCard({ data }: { data?: Overview }) {
  const s = data?.summary;
  const rows: Array<[string, number | undefined, number | null | undefined, string]> = [
    ['Year to date', s?.year_to_date, undefined, 'ytd'],
    ['Last 6 months', s?.last_6_months, undefined, '6m'],
    ['Last 12 months', s?.last_12_months, undefined, '12m'],
    ['Last 30 days', s?.last_30_days, s?.change_30_days, '30d'],
    ['Last 7 days', s?.last_7_days, s?.change_7_days, '7d'],
  ];
  return (
    <DashboardCard title="Sales Summary" loading={!s} testId="sales-summary">
      {/* On a phone the cells pad less and 'vs previous' sits above its chip: the card's width holds all three. */}
      <Table size="small" sx={{ '& td': { px: { xs: 0.75, sm: 2 } } }}>
        <TableBody>
          {rows.map(([label, value, change, id]) => (
            <TableRow key={id}>
              <TableCell>{label}</TableCell>
              <TableCell align="right" data-testid={`sales-${id}`} sx={{ fontWeight: 600 }}>
                {money(value)}
              </TableCell>
              <TableCell align="right" sx={{ width: { sm: 150 } }}>
                {change !== undefined && (
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={{ xs: 0.25, sm: 1 }}
                    justifyContent="flex-end"
                    alignItems={{ xs: 'flex-end', sm: 'center' }}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    <Typography variant="caption" color="text.secondary">
                      vs previous
                    </Typography>
                    <ChangeChip change={change} />
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DashboardCard>
  );
}

function TopDealersCard({ data }: { data?: Overview }) {
  const [period, setPeriod] = useState('12m');
  const periods = data?.top_dealers ?? [];
  const current = periods.find((p) => p.key === period) ?? periods[0];
  return (
    <DashboardCard
      title="Top 10 dealers"
      loading={!data}
      testId="top-dealers"
      action={
        periods.length > 0 && (
          <TextField
            select
            size="small"
            label="Period"
            value={current?.key ?? ''}
            onChange={(e) => setPeriod(e.target.value)}
            sx={{ width: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'top-dealers-period' } }}
          >
            {periods.map((p) => (
              <MenuItem key={p.key} value={p.key}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
        )
      }
    >
      {current && current.rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No sales in this period
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Dealer Name</TableCell>
              <TableCell align="right">Sales</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {current?.rows.map((r, i) => (
              <TableRow key={r.dealer} data-testid="top-dealers-row">
                <TableCell>{r.dealer > 0 ? i + 1 : ''}</TableCell>
                <TableCell>{r.dealer > 0 ? `${r.dealer_name} [${r.dealer}]` : r.dealer_name}</TableCell>
                <TableCell align="right">{money(r.sales)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardCard>
  );
}

function CreditCard({ data }: { data?: Overview }) {
  const c = data?.credit;
  return (
    <DashboardCard title="Credit Available" loading={!c} testId="credit-available">
      <Typography variant="h4" component="p" sx={{ mb: 1 }} data-testid="credit-available-value">
        {creditAvailableText(c)}
      </Typography>
      <Table size="small">
        <TableBody>
          <TableRow>
            <TableCell>Credit Limit</TableCell>
            <TableCell align="right">{c?.credit_limit ? money(c.credit_limit) : 'No limit'}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Credit Used</TableCell>
            <TableCell align="right">{money(c?.credit_used)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </DashboardCard>
  );
}

function YearCard({ data, onYear }: { data?: Overview; onYear: (y: number) => void }) {
  const months = data?.months ?? [];
  const total = months.reduce((s, m) => s + m.sales, 0);
  const count = months.reduce((s, m) => s + m.orders, 0);
  // The figures first: the chart (its render, and its size measured by a forced layout) waits for an idle moment.
  const idle = useIdle(!!data);
  return (
    <DashboardCard
      title={data ? `Sales in ${data.year}` : 'Sales'}
      loading={!data}
      testId="sales-year"
      action={
        data && (
          <TextField
            select
            size="small"
            label="Year"
            value={data.year}
            onChange={(e) => onYear(Number(e.target.value))}
            sx={{ width: 120 }}
          >
            {data.years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        )
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' } }}>
        <Table size="small" aria-label="Sales by month">
          <TableHead>
            <TableRow>
              <TableCell>Month</TableCell>
              <TableCell align="right">Orders</TableCell>
              <TableCell align="right">Sales</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {months.map((m) => (
              <TableRow key={m.month}>
                <TableCell>{m.label}</TableCell>
                <TableCell align="right">{m.orders}</TableCell>
                <TableCell align="right">{money(m.sales)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {count}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="sales-year-total">
                {money(total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
        <Box sx={{ minWidth: 0 }}>
          {idle ? (
            <Suspense fallback={chartPlace}>
              <Box data-testid="sales-chart">
                <SalesChart months={months} />
              </Box>
            </Suspense>
          ) : (
            chartPlace
          )}
        </Box>
      </Box>
    </DashboardCard>
  );
}
