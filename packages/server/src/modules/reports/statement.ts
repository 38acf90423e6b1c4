import { MSG } from '@bpm/contract/messages';
import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  ageingSummary,
  fromCents,
  paymentTermsDays,
  REPORT_LABELS,
  runningBalances,
  statementDueDay,
  toCents,
} from '@bpm/contract/reports';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { dealers, orders } from '../../db/schema/sales';
import { notFound } from '../../platform/errors';
import { dealerCredit } from '../dealers/service';
import type { Column, Report, Row } from './output';

/*
 * The dealer statement of accounts (issue 24 item 1; rules in docs/decisions.md, Reports & documents):
 * opening balance, invoices and payments as dated lines with a running balance, the closing balance
 * and an ageing of what is open at the end day. Invoices are the dealer's live orders that carry an
 * invoice number; payments are derived from each live order's advance and received amounts.
 */

const O = orders;
const D = dealers;
const CHUNK = 2000;
const day = (col: SQLWrapper, tz: string) => sql`to_char(to_timestamp(${col}) at time zone ${tz}, 'YYYY-MM-DD')`;
const fmtDay = (sec: number, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    sec * 1000,
  );

/** What a 'paid' order has received is at least its value (contract/payments.ts). */
const received = sql`case when ${O.paymentStatus} = 'paid' then greatest(${O.paymentReceived}, ${O.value}) else ${O.paymentReceived} end`;
/** The advance is a line of its own, on the order date, when a later payment (with a date) brings the rest. */
const split = sql`(${O.paymentDate} is not null and ${O.paymentAdvance} > 0 and ${received} > ${O.paymentAdvance})`;
const advance = sql`case when ${split} then ${O.paymentAdvance} else 0 end`;
const KIND = { invoice: 0, advance: 1, payment: 2 } as const;
const TYPE = ['Invoice', 'Advance payment', 'Payment'] as const;

/**
 * Every dated line of the dealer, in one relation: ev_date, kind (0 invoice, 1 advance, 2 payment), id
 * (the order), debit and credit. Cancelled and deleted orders owe and pay nothing.
 */
function events(dealerId: number): SQL {
  const base = sql`${O.dealerId} = ${dealerId} and ${O.deleted} = 0 and ${O.shippingStatus} <> 'cancel'`;
  const cols = sql`${O.id} as id, ${O.date} as order_date, ${O.ocRef} as oc_ref, ${O.invoice} as invoice,
    ${O.paymentDueDate} as order_due`;
  return sql`(select ${O.date} as ev_date, ${sql.raw(String(KIND.invoice))}::int as kind, ${cols}, ${O.value} as debit, 0::numeric as credit
      from ${O} where ${base} and ${O.invoice} <> ''
    union all
    select ${O.date}, ${sql.raw(String(KIND.advance))}, ${cols}, 0, ${O.paymentAdvance} from ${O} where ${base} and ${split}
    union all
    select coalesce(${O.paymentDate}, ${O.date}), ${sql.raw(String(KIND.payment))}, ${cols}, 0, ${received} - ${advance}
      from ${O} where ${base} and ${received} - ${advance} > 0)`;
}

interface EventRow {
  ev_date: number;
  kind: number;
  id: number;
  day: string;
  order_day: string;
  order_due_day: string | null;
  oc_ref: string;
  invoice: string;
  debit: string;
  credit: string;
}

/** The figures of the statement that are not lines: opening, closing, ageing (cents). */
async function balances(db: Db, dealerId: number, start: number, end: number, tz: string, terms: string) {
  const ev = events(dealerId);
  const [sums] = await queryRows<{ opening: string; closing: string; debits: string; credits: string }>(
    db,
    sql`select coalesce(sum(debit - credit) filter (where ev_date < ${start}), 0)::text as opening,
      coalesce(sum(debit - credit) filter (where ev_date <= ${end}), 0)::text as closing,
      coalesce(sum(debit) filter (where ev_date between ${start} and ${end}), 0)::text as debits,
      coalesce(sum(credit) filter (where ev_date between ${start} and ${end}), 0)::text as credits
      from ${ev} e`,
  );
  // Each invoice's amount still open at the end day: its value less its payments dated by then.
  // Days are formatted for the open ones only (to_char per row was most of the time of a large dealer).
  const open = await queryRows<{ order_day: string; order_due_day: string | null; open: string }>(
    db,
    sql`select ${day(sql`o.order_date`, tz)} as order_day,
        case when o.order_due is null then null else ${day(sql`o.order_due`, tz)} end as order_due_day, o.open::text as open
      from (select min(e.order_date) as order_date, min(e.order_due) as order_due, sum(e.debit) - sum(e.credit) as open
        from ${ev} e where e.ev_date <= ${end}
        group by e.id having sum(e.debit) > 0 and sum(e.debit) - sum(e.credit) > 0) o`,
  );
  const endDay = fmtDay(end, tz);
  const items = open.map((o) => ({
    dueDay: statementDueDay(o.order_day, terms, o.order_due_day),
    open: toCents(o.open),
  }));
  const ageing = ageingSummary(items, endDay);
  const closing = toCents(sums?.closing);
  const inBuckets = AGEING_BUCKETS.reduce((s, b) => s + ageing[b], 0);
  return {
    opening: toCents(sums?.opening),
    closing,
    debits: toCents(sums?.debits),
    credits: toCents(sums?.credits),
    ageing,
    /** Payments not set against an open invoice (advances on orders not yet invoiced, overpayments). */
    unapplied: closing - inBuckets,
  };
}

/** The lines of the period in (date, kind, order) order, CHUNK at a time by keyset. */
async function* lines(db: Db, dealerId: number, start: number, end: number, tz: string): AsyncIterable<EventRow[]> {
  let after = sql`true`;
  for (;;) {
    const rows = await queryRows<EventRow>(
      db,
      // The chunk is cut first, its days formatted after.
      sql`select e.ev_date, e.kind, e.id, ${day(sql`e.ev_date`, tz)} as day, ${day(sql`e.order_date`, tz)} as order_day,
          case when e.order_due is null then null else ${day(sql`e.order_due`, tz)} end as order_due_day,
          e.oc_ref, e.invoice, e.debit::text as debit, e.credit::text as credit
        from (select * from ${events(dealerId)} x where x.ev_date between ${start} and ${end} and ${after}
          order by x.ev_date, x.kind, x.id limit ${CHUNK}) e
        order by e.ev_date, e.kind, e.id`,
    );
    if (!rows.length) return;
    yield rows;
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1]!;
    after = sql`(x.ev_date, x.kind, x.id) > (${Number(last.ev_date)}, ${Number(last.kind)}, ${Number(last.id)})`;
  }
}

const COLUMNS: Column[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'type', label: 'Type', kind: 'text' },
  { key: 'oc_ref', label: 'OC Ref', kind: 'text', weight: 1.3, noWrap: true },
  { key: 'invoice', label: 'Invoice', kind: 'text', weight: 1.3, noWrap: true },
  { key: 'due_date', label: 'Due Date', kind: 'date' },
  { key: 'debit', label: 'Debit', kind: 'money' },
  { key: 'credit', label: 'Credit', kind: 'money' },
  { key: 'balance', label: 'Balance', kind: 'money' },
];

const US = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usd = (cents: number) => `${cents < 0 ? '-' : ''}US$${US.format(Math.abs(cents) / 100)}`;

function termsNote(terms: string): string {
  const days = paymentTermsDays(terms);
  if (days == null) return `${terms} (due on the order's payment due date, else on the invoice date)`;
  return days ? `${terms} (due ${days} days after the invoice date)` : `${terms} (due on the invoice date)`;
}

export async function dealerStatement(
  db: Db,
  dealerId: number,
  start: number,
  end: number,
  tz: string,
): Promise<Report> {
  const [dealer] = await queryRows<{ name: string; country: string; payment_terms: string }>(
    db,
    sql`select ${D.name} as name, ${D.country} as country, ${D.paymentTerms} as payment_terms from ${D} where ${D.id} = ${dealerId}`,
  );
  if (!dealer) throw notFound(MSG.dealerNotFound);
  const terms = dealer.payment_terms;
  const startDay = fmtDay(start, tz);
  const endDay = fmtDay(end, tz);
  const b = await balances(db, dealerId, start, end, tz, terms);
  return {
    title: REPORT_LABELS.dealerStatementOfAccounts,
    fileParts: ['Dealer Statement', dealer.name, startDay, endDay],
    params: [
      ['Dealer', `${dealer.name} [${dealerId}]`],
      ['Country', dealer.country],
      ['Payment terms', termsNote(terms)],
      ['Period', `${startDay} to ${endDay} (${tz})`],
    ],
    landscape: true,
    columns: COLUMNS,
    rows: async function* () {
      yield [{ date: startDay, type: 'Opening balance', balance: fromCents(b.opening) }];
      let balance = b.opening;
      for await (const chunk of lines(db, dealerId, start, end, tz)) {
        const amounts = chunk.map((r) => ({ debit: toCents(r.debit), credit: toCents(r.credit) }));
        const running = runningBalances(balance, amounts);
        balance = running[running.length - 1] ?? balance;
        yield chunk.map(
          (r, i): Row => ({
            date: r.day,
            type: TYPE[r.kind] ?? '',
            oc_ref: r.oc_ref,
            invoice: r.invoice,
            due_date: r.kind === KIND.invoice ? statementDueDay(r.order_day, terms, r.order_due_day) : '',
            debit: r.kind === KIND.invoice ? fromCents(amounts[i]!.debit) : '',
            credit: r.kind === KIND.invoice ? '' : fromCents(amounts[i]!.credit),
            balance: fromCents(running[i]!),
          }),
        );
      }
      yield [
        {
          date: endDay,
          type: 'Closing balance',
          debit: fromCents(b.debits),
          credit: fromCents(b.credits),
          balance: fromCents(b.closing),
        },
      ];
    },
    boldRow: (r) => r.type === 'Opening balance' || r.type === 'Closing balance',
    summary: async () => ({
      title: `Ageing at ${endDay}`,
      cells: [
        ...AGEING_BUCKETS.map((k): [string, string] => [AGEING_LABELS[k], usd(b.ageing[k])]),
        ...(b.unapplied ? [['Unapplied payments', usd(b.unapplied)] as [string, string]] : []),
        ['Total (closing balance)', usd(b.closing)],
      ],
    }),
    notes: async () => {
      const c = await dealerCredit(db, dealerId);
      const m = (n: number) => usd(Math.round(n * 100));
      return [
        ['Credit limit', c.credit_limit ? m(c.credit_limit) : 'No limit'],
        ['Credit used (today)', m(c.credit_used)],
        ['Credit available', c.credit_limit ? m(c.credit_limit - c.credit_used) : 'No limit'],
      ];
    },
  };
}
