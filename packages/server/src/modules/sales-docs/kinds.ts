import { MSG } from '@bpm/contract/messages';
import type { OrderFileField } from '@bpm/contract/orders';
import type { Db } from '../../db/client';
import { orderLines, orders, quotationLines, quotations } from '../../db/schema/sales';

/**
 * Orders and quotations share their columns (db/schema/sales.ts: salesDocColumns), so one core
 * serves both kinds. The table parameters are unions of the two drizzle tables: every query
 * written against `DocTable` type-checks for both, with no cast between them. Packing lists and
 * purchase orders with the same shape add their tables here.
 */
export type Kind = 'order' | 'quotation';
export type DocTable = typeof orders | typeof quotations;
export type LineTable = typeof orderLines | typeof quotationLines;

export interface KindInfo {
  t: DocTable;
  lines: LineTable;
  entity: Kind;
  notFound: string;
}

export const KINDS: Record<Kind, KindInfo> = {
  order: { t: orders, lines: orderLines, entity: 'order', notFound: MSG.orderNotFound },
  quotation: { t: quotations, lines: quotationLines, entity: 'quotation', notFound: MSG.quotationNotFound },
};

/** An uploaded file, checked and stored by the route inside the save transaction. */
export type StoreFile = (tx: Db, field: OrderFileField) => Promise<{ id: number; fileName: string } | undefined>;

/** Numeric columns arrive as strings. */
export const num = (v: string | number | null | undefined) => Number(v ?? 0);
export const str = (n: number | undefined | null) => String(n ?? 0);
