import { Stack } from '@mui/material';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useCan } from '../../api/auth-store';
import { useDealerOptions } from '../../api/dealers';
import { ALL_COMPANIES, AutocompleteFilter } from './AutocompleteFilter';
import { ClearFilterButton } from './ChoiceFilters';
import { DateRange } from './DateRange';
import { SearchBox } from './SearchBox';

export interface DocListFilterState {
  search: string;
  /** -1 = All Companies. */
  dealer: number;
  from: number | null;
  to: number | null;
}

/**
 * Search, 'Dealer Name' picker, Start/End Date and Clear Filter of the orders and quotations lists, then `children`
 * (e.g. the 'New …' button). A failed dealer list clears the dealer selection (document 1 section 2.7).
 * Test ids: `${testIdPrefix}-search|dealer|dates|clear`.
 */
export function DocListFilters({
  value,
  onChange,
  onClear,
  testIdPrefix,
  children,
}: {
  value: DocListFilterState;
  onChange: (patch: Partial<DocListFilterState>) => void;
  onClear: () => void;
  testIdPrefix: string;
  children?: ReactNode;
}) {
  // Roles without dealer access (qa, tester on the checklist lists) get no dealer filter, not a 403.
  const dealerFilter = useCan()('dealers.read');
  const dealersQ = useDealerOptions(dealerFilter);
  useEffect(() => {
    if (dealersQ.isError && value.dealer !== -1) onChange({ dealer: -1 });
  }, [dealersQ.isError, value.dealer, onChange]);
  const dealers = useMemo(() => (dealersQ.data ?? []).map((d) => ({ id: d.id, name: d.name })), [dealersQ.data]);
  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
      <SearchBox value={value.search} onChange={(search) => onChange({ search })} testId={`${testIdPrefix}-search`} />
      {dealerFilter && (
        <AutocompleteFilter
          label="Dealer Name"
          options={dealers}
          value={value.dealer}
          onChange={(dealer) => onChange({ dealer: dealer ?? -1 })}
          allOption={ALL_COMPANIES}
          loading={dealersQ.isLoading}
          testId={`${testIdPrefix}-dealer`}
        />
      )}
      <DateRange
        value={{ from: value.from, to: value.to }}
        onChange={(v) => onChange({ from: v.from, to: v.to })}
        fromLabel="Start Date"
        toLabel="End Date"
        testId={`${testIdPrefix}-dates`}
      />
      <ClearFilterButton onClick={onClear} testId={`${testIdPrefix}-clear`} />
      {children}
    </Stack>
  );
}
