import type { DealerOption } from '@bpm/contract/dealers';
import type { ProductOption } from '@bpm/contract/order-reads';
import { OTHER_PREFIX, REPORT_LABELS, type ReportId, reportPaths, SHIPPING_COMPANIES } from '@bpm/contract/reports';
import { Autocomplete, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { type ComponentType, useMemo, useState } from 'react';
import { useDealerOptions } from '../../api/dealers';
import { browserTimezone, useReportProductOptions } from '../../api/reports';
import { DateRange, type DateRangeValue } from '../../components/filters/DateRange';
import { currentMonthValue, topDealerPeriods } from './periods';
import { ReportPanel } from './ReportPanel';
import { SendStatementButton } from './SendStatementButton';

const NO_DATES: DateRangeValue = { from: null, to: null };
const bothDates = (d: DateRangeValue): d is { from: number; to: number } => d.from !== null && d.to !== null;

function DealerStatementForm() {
  const dealers = useDealerOptions();
  const [dealer, setDealer] = useState<DealerOption | null>(null);
  const [dates, setDates] = useState(NO_DATES);
  const ready = dealer && bothDates(dates);
  return (
    <ReportPanel
      title={REPORT_LABELS.dealerStatementOfAccounts}
      request={
        ready ? (f) => ({ path: reportPaths.dealerStatementOfAccounts(f, dealer.id, dates.from!, dates.to!) }) : null
      }
    >
      <Autocomplete
        options={dealers.data ?? []}
        value={dealer}
        onChange={(_, v) => setDealer(v)}
        getOptionLabel={(d) => d.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        sx={{ maxWidth: 400 }}
        renderInput={(p) => (
          <TextField {...p} label="Dealer Name" inputProps={{ ...p.inputProps, 'data-testid': 'report-dealer' }} />
        )}
      />
      <DateRange value={dates} onChange={setDates} testId="report-dates" />
      <SendStatementButton
        target={ready ? { kind: 'statement', dealerId: dealer.id, start: dates.from!, end: dates.to! } : null}
      />
    </ReportPanel>
  );
}

function OverdueForm() {
  return (
    <ReportPanel title={REPORT_LABELS.overdueInvoices} request={(f) => ({ path: reportPaths.overdueInvoices(f) })} />
  );
}

function ShippingCostForm() {
  const [company, setCompany] = useState('all');
  const [others, setOthers] = useState('');
  const [dates, setDates] = useState(NO_DATES);
  const value = company === 'other' ? `${OTHER_PREFIX}${others.trim()}` : company;
  return (
    <ReportPanel
      title={REPORT_LABELS.shippingCost}
      request={bothDates(dates) ? (f) => ({ path: reportPaths.shippingCost(f, value, dates.from!, dates.to!) }) : null}
    >
      <TextField
        select
        label="Company"
        value={company}
        onChange={(e) => setCompany(e.target.value)}
        sx={{ maxWidth: 240 }}
        slotProps={{ htmlInput: { 'data-testid': 'report-company' } }}
      >
        {SHIPPING_COMPANIES.map((c) => (
          <MenuItem key={c} value={c}>
            {c === 'all' ? 'All' : c}
          </MenuItem>
        ))}
        <MenuItem value="other">Other</MenuItem>
      </TextField>
      {company === 'other' && (
        <TextField
          label="Other companies"
          helperText="Names separated by commas; empty = any other company"
          value={others}
          onChange={(e) => setOthers(e.target.value)}
          sx={{ maxWidth: 400 }}
        />
      )}
      <DateRange value={dates} onChange={setDates} testId="report-dates" />
    </ReportPanel>
  );
}

function MonthlySalesForm() {
  const [month, setMonth] = useState('');
  const max = currentMonthValue();
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const ok = m && month <= max;
  return (
    <ReportPanel
      title={REPORT_LABELS.monthlySales}
      request={ok ? (f) => ({ path: reportPaths.monthlySales(f, Number(m[1]), Number(m[2])) }) : null}
    >
      <TextField
        type="month"
        label="Month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        sx={{ maxWidth: 220 }}
        error={!!month && !ok}
        helperText={month && !ok ? 'Please choose a month that is not in the future' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max, 'data-testid': 'report-month' } }}
      />
    </ReportPanel>
  );
}

function TopDealersForm() {
  const periods = useMemo(() => topDealerPeriods(), []);
  const [period, setPeriod] = useState('');
  const [dates, setDates] = useState(NO_DATES);
  const chosen = periods.find((p) => p.value === period);
  const range = chosen ? { from: chosen.start, to: chosen.end } : period === 'dates' && bothDates(dates) ? dates : null;
  return (
    <ReportPanel
      title={REPORT_LABELS.topDealers}
      request={range ? (f) => ({ path: reportPaths.topDealers(f, range.from!, range.to!, browserTimezone()) }) : null}
    >
      <TextField
        select
        label="Period"
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
        sx={{ maxWidth: 260 }}
        slotProps={{ htmlInput: { 'data-testid': 'report-period' } }}
      >
        {periods.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.label}
          </MenuItem>
        ))}
        <MenuItem value="dates">Dates</MenuItem>
      </TextField>
      {period === 'dates' && <DateRange value={dates} onChange={setDates} testId="report-dates" />}
    </ReportPanel>
  );
}

function ProfitabilityForm() {
  const [search, setSearch] = useState('');
  const options = useReportProductOptions(search);
  const [products, setProducts] = useState<ProductOption[]>([]);
  const [all, setAll] = useState(false);
  const [dates, setDates] = useState(NO_DATES);
  const ready = (all || products.length > 0) && bothDates(dates);
  return (
    <ReportPanel
      title={REPORT_LABELS.salesBomCost}
      request={
        ready
          ? (f) => ({
              path: reportPaths.salesBomCost(f),
              body: { productIds: all ? [] : products.map((p) => p.id), startDate: dates.from, endDate: dates.to },
            })
          : null
      }
    >
      <FormControlLabel
        control={<Checkbox checked={all} onChange={(e) => setAll(e.target.checked)} />}
        label="All Products"
      />
      {!all && (
        <Autocomplete
          multiple
          options={options.data ?? []}
          value={products}
          onChange={(_, v) => setProducts(v)}
          onInputChange={(_, v) => setSearch(v)}
          filterOptions={(x) => x}
          getOptionLabel={(p) => `${p.product_code} — ${p.desc}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          sx={{ maxWidth: 600 }}
          renderInput={(p) => <TextField {...p} label="Products" />}
        />
      )}
      <DateRange value={dates} onChange={setDates} testId="report-dates" />
    </ReportPanel>
  );
}

export const REPORT_FORMS: Record<ReportId, ComponentType> = {
  dealerStatementOfAccounts: DealerStatementForm,
  overdueInvoices: OverdueForm,
  shippingCost: ShippingCostForm,
  monthlySales: MonthlySalesForm,
  topDealers: TopDealersForm,
  salesBomCost: ProfitabilityForm,
};
