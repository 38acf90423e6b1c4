import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../components/format';
import { creditAvailableText } from './credit';

describe('creditAvailableText (issue 9 item 5)', () => {
  it('never shows a negative figure for a dealer without a limit', () => {
    expect(creditAvailableText({ credit_limit: 0, credit_used: 5000 })).toBe('No limit');
  });
  it('shows limit minus used for a dealer with a limit', () => {
    expect(creditAvailableText({ credit_limit: 10000, credit_used: 2500 })).toBe(formatMoney(7500, 'US$'));
  });
});
