import { describe, expect, it } from 'vitest';
import { PAYMENT_TERMS } from '../src/dealers';
import {
  addDays,
  ageingBucket,
  ageingSummary,
  daysBetween,
  fromCents,
  paymentTermsDays,
  runningBalances,
  statementDueDay,
  toCents,
} from '../src/reports';

describe('payment terms → days to pay', () => {
  it('reads the days of every term of the dealer list', () => {
    const days = Object.fromEntries(PAYMENT_TERMS.map((t) => [t, paymentTermsDays(t)]));
    expect(days).toEqual({
      None: null,
      '100% advance': 0,
      '100% 30 days': 30,
      '100% 45 days': 45,
      '100% 60 days': 60,
      '100% 90 days': 90,
      '50% advance / NET 30': 30,
      '50% advance / NET 60': 60,
      '50% advance / NET 90': 90,
      '35% advance / NET 30': 30,
      '25% advance / NET 30': 30,
      '25% advance / NET 60': 60,
      '25% advance / NET 90': 90,
    });
  });

  it('reads other spellings and gives null when nothing can be read', () => {
    expect(paymentTermsDays('net 14')).toBe(14);
    expect(paymentTermsDays('1 day')).toBe(1);
    expect(paymentTermsDays('')).toBeNull();
    expect(paymentTermsDays('on delivery')).toBeNull();
  });
});

describe('due day', () => {
  it('is the invoice day plus the days of the terms, across month and year ends', () => {
    expect(statementDueDay('2010-03-05', '100% 45 days', null)).toBe('2010-04-19');
    expect(statementDueDay('2010-03-05', '100% 45 days', '2010-04-04')).toBe('2010-04-19');
    expect(statementDueDay('2010-12-20', '50% advance / NET 30', null)).toBe('2011-01-19');
    expect(statementDueDay('2012-02-28', '100% 30 days', null)).toBe('2012-03-29');
    expect(statementDueDay('2010-03-05', '100% advance', null)).toBe('2010-03-05');
  });

  it('without days in the terms: the order’s own due day, else the invoice day', () => {
    expect(statementDueDay('2010-03-05', 'None', '2010-04-04')).toBe('2010-04-04');
    expect(statementDueDay('2010-03-05', 'None', null)).toBe('2010-03-05');
  });

  it('counts calendar days (no clock hours, no DST)', () => {
    expect(addDays('2010-03-27', 2)).toBe('2010-03-29');
    expect(daysBetween('2010-03-27', '2010-03-29')).toBe(2);
    expect(daysBetween('2010-04-04', '2010-03-31')).toBe(-4);
  });
});

describe('ageing', () => {
  it('puts each open amount in its bucket by days past due', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'over90',
      'over90',
    ]);
  });

  it('sums the open amounts per bucket at the as-of day', () => {
    const asOf = '2010-06-30';
    expect(
      ageingSummary(
        [
          { dueDay: '2010-07-15', open: 100 }, // not yet due
          { dueDay: '2010-06-30', open: 50 }, // due today: current
          { dueDay: '2010-06-29', open: 7 }, // 1 day
          { dueDay: '2010-05-31', open: 11 }, // 30 days
          { dueDay: '2010-05-30', open: 13 }, // 31 days
          { dueDay: '2010-04-01', open: 17 }, // 90 days
          { dueDay: '2010-03-31', open: 19 }, // 91 days
        ],
        asOf,
      ),
    ).toEqual({ current: 150, d1_30: 18, d31_60: 13, d61_90: 17, over90: 19 });
  });
});

describe('running balance', () => {
  it('adds debits and takes off credits from the opening balance, line by line', () => {
    expect(
      runningBalances(80000, [
        { debit: 100000, credit: 0 },
        { debit: 0, credit: 20000 },
        { debit: 0, credit: 200000 },
      ]),
    ).toEqual([180000, 160000, -40000]);
    expect(runningBalances(5, [])).toEqual([]);
  });

  it('keeps money in cents: no float drift', () => {
    expect(toCents('1111.11')).toBe(111111);
    expect(toCents('0.29')).toBe(29);
    expect(toCents(null)).toBe(0);
    expect(fromCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(123450)).toBe('1234.50');
  });
});
