import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useDealerOptions } from '../../api/dealers';
import { ALL_COMPANIES, AutocompleteFilter } from '../../components/filters/AutocompleteFilter';

/** 'Dealer Name': 'All Companies' + dealers as 'name [id]'; picking one navigates to /dashboard/{dealerId}. */
export function DealerPicker({ dealer }: { dealer: number }) {
  const navigate = useNavigate();
  const q = useDealerOptions();
  const options = useMemo(() => (q.data ?? []).map((d) => ({ id: d.id, name: d.name })), [q.data]);
  return (
    <AutocompleteFilter
      label="Dealer Name"
      options={options}
      // Until the list arrives (or when it failed) the picker shows All Companies.
      value={options.some((o) => o.id === dealer) ? dealer : -1}
      onChange={(id) => navigate(id && id > 0 ? `/dashboard/${id}` : '/dashboard')}
      allOption={ALL_COMPANIES}
      loading={q.isLoading}
      testId="dashboard-dealer"
      width={320}
    />
  );
}

export function useDashboardDealer(param: string | undefined): number {
  const n = Number(param);
  return Number.isInteger(n) && n > 0 ? n : -1;
}
