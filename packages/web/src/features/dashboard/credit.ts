import { formatMoney } from '../../components/format';

/**
 * The 'Credit Available' figure: 'No limit' when the dealer has none (credit_limit 0), else limit − used (below 0
 * only when the dealer is over a real limit).
 */
export function creditAvailableText(c: { credit_limit: number; credit_used: number } | null | undefined): string {
  if (!c) return formatMoney(0, 'US$');
  if (!c.credit_limit || c.credit_limit <= 0) return 'No limit';
  return formatMoney(c.credit_limit - c.credit_used, 'US$');
}
