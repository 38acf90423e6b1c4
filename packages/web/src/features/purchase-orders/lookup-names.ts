import type { LookupKind } from '@bpm/contract/purchase-orders';

/** What each lookup is called. */
export const NAMES: Record<
  LookupKind,
  {
    one: 'department' | 'term' | 'price quote';
    many: 'departments' | 'terms' | 'price quotes';
    title: string;
    label: string;
  }
> = {
  dept: { one: 'department', many: 'departments', title: 'Manage Departments', label: 'Department' },
  term: { one: 'term', many: 'terms', title: 'Manage Terms', label: 'Terms' },
  pricequote: { one: 'price quote', many: 'price quotes', title: 'Manage Price Quotes', label: 'Price Quote' },
};
