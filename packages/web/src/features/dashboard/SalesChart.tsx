import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '../../components/format';

/** The 'Sales in {year}' bar chart: its own lazily loaded chunk (MUI X charts), so the dashboard's numbers show first. */
export default function SalesChart({ months }: { months: { label: string; sales: number }[] }) {
  return (
    <BarChart
      height={380}
      xAxis={[{ scaleType: 'band', data: months.map((m) => m.label) }]}
      yAxis={[{ width: 80, valueFormatter: (v: number) => `$${Math.round(v).toLocaleString('en-US')}` }]}
      series={[
        {
          data: months.map((m) => m.sales),
          label: 'Sales',
          color: '#1976d2',
          valueFormatter: (v) => formatMoney(v ?? 0, 'US$'),
        },
      ]}
      hideLegend
    />
  );
}
