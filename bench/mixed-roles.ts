/**
 * What each role's virtual user does (issue 25 item 1): the calls its menu's screens make (contract/roles.ts
 * MENUS; paths and params as packages/web/src/api/*.ts sends them), chosen by weight in a closed loop — lists,
 * opening a record drawn from a list's answer, dashboards, and legitimate saves with the loaded `version`
 * (about 5–10 % of requests): orders (sale: the note; production: the note; shipping: the weight), checklist
 * results (tester, on checklists assigned to them) and draft purchase orders (purchase).
 */
import { postedLine, SHIPPING_SCREEN_STATUSES, salesDocFields } from '@bpm/contract/orders';
import { LIMITED_ORDER_EDITS } from '@bpm/contract/permissions';
import { type Role, rolePrefix } from '@bpm/contract/roles';
import type { Answer, Client, Rnd } from './mixed-client';
import * as q from './mixed-queries';

export interface Vu {
  role: Role;
  token: string;
  c: Client;
  r: Rnd;
  pools: q.Pools;
  /** Ids from the last list answers, to open (a user clicks a row they have just seen). */
  seen: Record<'orders' | 'quotations' | 'pos' | 'drafts' | 'checklists' | 'packing' | 'dealers' | 'tasks', number[]>;
  /** Stock (true) or order (false) checklist, by id, from the work queue. */
  stock: Map<number, boolean>;
  /** A checklist's step ids and serial columns, once opened. */
  grid: Map<number, { steps: number[]; cols: number }>;
  saves: number;
}

type Action = (vu: Vu) => Promise<unknown>;

const get = (vu: Vu, cls: string, path: string, query?: Record<string, string | number | undefined>) =>
  vu.c.call(cls, path, { token: vu.token, query });
// biome-ignore lint/suspicious/noExplicitAny: list answers are read loosely
const rows = (a: Answer): any[] => (Array.isArray(a.body?.data) ? a.body.data : []);
const keep = (vu: Vu, key: keyof Vu['seen'], a: Answer) => {
  const ids = rows(a)
    .map((x) => Number(x.id))
    .filter((x) => x > 0);
  if (ids.length) vu.seen[key] = ids;
  return ids;
};
const pickSeen = (vu: Vu, key: keyof Vu['seen']) => (vu.seen[key].length ? vu.r.pick(vu.seen[key]) : 0);

// ---- Sales documents ------------------------------------------------------------------------

type Variant = 'sales' | 'shipping' | 'production';
const pre = (v: Variant) => (v === 'sales' ? '' : `/${v}`);

const ordersList = (v: Variant) => async (vu: Vu) =>
  keep(vu, 'orders', await get(vu, 'orders list', `${pre(v)}/orders`, q.ordersQuery(vu.r, vu.pools, v)));

const orderOpen = (v: Variant) => async (vu: Vu) => {
  const id = pickSeen(vu, 'orders') || (await ordersList(v)(vu))[0];
  return id ? get(vu, 'order open', `${pre(v)}/orders/${id}`) : undefined;
};

const quotationsList = (v: Variant) => async (vu: Vu) =>
  keep(vu, 'quotations', await get(vu, 'quotations list', `${pre(v)}/quotations`, q.quotationsQuery(vu.r, vu.pools)));

const quotationOpen = (v: Variant) => async (vu: Vu) => {
  const id = pickSeen(vu, 'quotations') || (await quotationsList(v)(vu))[0];
  return id ? get(vu, 'quotation open', `${pre(v)}/quotations/${id}`) : undefined;
};

/** The sales order form's fields (web: doc-form.ts formFromDoc + saveFields): the save's, less id, version, lines. */
const SALES_FIELDS = Object.keys(salesDocFields).filter((k) => !['id', 'version', 'products', 'revise'].includes(k));

// biome-ignore lint/suspicious/noExplicitAny: the loaded order
function formOf(doc: any, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: doc.id, version: doc.version };
  for (const k of fields) out[k] = doc[k] === null || doc[k] === undefined ? '' : doc[k];
  return out;
}

/** GET the order through the role's variant, change what the role may change, POST it with its version. */
const orderSave = (v: Variant) => async (vu: Vu) => {
  for (let tries = 0; tries < 3; tries++) {
    const id = pickSeen(vu, 'orders') || (await ordersList(v)(vu))[0];
    if (!id) return;
    const doc = (await get(vu, 'order open', `${pre(v)}/orders/${id}`)).body?.data;
    if (!doc) return;
    // Shipping and production may save only an order with its OC PDF (the form says 'required field' otherwise).
    if (v !== 'sales' && !doc.oc_pdf) {
      vu.seen.orders = vu.seen.orders.filter((x) => x !== id);
      continue;
    }
    vu.saves++;
    let form: Record<string, unknown>;
    if (v === 'sales') {
      form = formOf(doc, SALES_FIELDS);
      form.note = `Mixed bench note ${vu.saves}`;
      form.products = JSON.stringify(doc.products.map(postedLine));
    } else {
      form = formOf(doc, ['dealer', 'date', ...LIMITED_ORDER_EDITS[v].fields]);
      if (v === 'production') form.note = `Mixed bench note ${vu.saves}`;
      else {
        form.shipping_weight = `${vu.r.int(1, 40)} kg`;
        // The shipping screen offers only ship and done; another status is not sent (web: saveFields).
        if (!(SHIPPING_SCREEN_STATUSES as readonly string[]).includes(String(form.shipping_status)))
          delete form.shipping_status;
      }
    }
    return vu.c.call(v === 'shipping' ? 'shipping save' : 'order save', `${pre(v)}/orders/save`, {
      token: vu.token,
      form,
    });
  }
};

const salesDashboard = async (vu: Vu) => {
  const dealer = vu.r.chance(0.2) ? vu.r.pick(vu.pools.dealers) : -1;
  await get(vu, 'dashboard', '/dashboard/sales', { dealer });
  return overdueCount(vu);
};
const productionDashboard = async (vu: Vu) => {
  await get(vu, 'dashboard', '/dashboard/production', { dealer: -1 });
  return overdueCount(vu);
};
const overdueCount = (vu: Vu) => get(vu, 'tasks list', '/tasks/my', { overdue: 1, limit: 1, timezone: q.TZ });

// ---- Shared screens ---------------------------------------------------------------------------

const productsList = async (vu: Vu) =>
  get(vu, 'products list', `/${rolePrefix(vu.role)}/products`, q.productsQuery(vu.r, vu.pools));

const dealersList = async (vu: Vu) => {
  const ids = keep(
    vu,
    'dealers',
    await get(vu, 'small lists', '/dealers', q.smallListQuery(vu.r, ['id', 'name', 'country', 'discount'])),
  );
  if (ids.length && vu.r.chance(0.4)) await get(vu, 'record open', `/dealers/${vu.r.pick(ids)}`);
};

const tasksList = async (vu: Vu) => {
  const mine = vu.r.chance(0.6);
  const ids = keep(
    vu,
    'tasks',
    await get(vu, 'tasks list', mine ? '/tasks/my' : '/tasks', q.tasksQuery(vu.r, vu.pools)),
  );
  if (ids.length && vu.r.chance(0.3)) await get(vu, 'record open', `/tasks/${vu.r.pick(ids)}`);
};
const projectsList = (vu: Vu) => get(vu, 'tasks list', '/projects', q.projectsQuery(vu.r, vu.pools));

const testOrdersList = async (vu: Vu) => {
  const a = await get(vu, 'test orders list', '/testChecklist/order', q.testOrdersQuery(vu.r, vu.pools));
  const ids = rows(a).map((x) => Number(x.id));
  if (ids.length && vu.r.chance(0.35)) await get(vu, 'record open', `/testChecklist/order/${vu.r.pick(ids)}`);
};
const stockList = (vu: Vu) =>
  get(
    vu,
    'small lists',
    '/stockTestChecklist/product',
    q.smallListQuery(vu.r, ['product_code', 'desc', 'test_quantity', 'test_status'], {
      active: 'all',
      test_status: 'all',
    }),
  );

const packingList = (base: string) => async (vu: Vu) => {
  const ids = keep(vu, 'packing', await get(vu, 'packing lists list', base, q.packingListsQuery(vu.r, vu.pools)));
  if (ids.length && vu.r.chance(0.35)) await get(vu, 'record open', `${base}/${vu.r.pick(ids)}`);
};

const eventsList = (vu: Vu) => get(vu, 'events list', '/events', q.eventsQuery(vu.r, vu.pools));

// ---- Purchasing ---------------------------------------------------------------------------------

const poList = async (vu: Vu) =>
  keep(vu, 'pos', await get(vu, 'PO list', '/purchaseorders', q.poQuery(vu.r, vu.pools)));
const poOpen = async (vu: Vu) => {
  const id = pickSeen(vu, 'pos') || (await poList(vu))[0];
  return id ? get(vu, 'PO open', `/purchaseorders/${id}`) : undefined;
};

/** A draft PO from the drafts list, loaded and saved with its version (web: po-form.ts fromPo + toBody). */
const poSave = async (vu: Vu) => {
  let id = pickSeen(vu, 'drafts');
  if (!id)
    id = keep(vu, 'drafts', await get(vu, 'PO list', '/purchaseorders', q.poQuery(vu.r, vu.pools, 'draft')))[0] ?? 0;
  if (!id) return;
  const po = (await get(vu, 'PO open', `/purchaseorders/${id}`)).body?.data;
  if (po?.status !== 'draft') {
    vu.seen.drafts = vu.seen.drafts.filter((x) => x !== id);
    return;
  }
  vu.saves++;
  const keys = ['supplier', 'supplier_name', 'supplier_contact_person', 'supplier_2303', 'supplier_address'];
  const more = ['supplier_email', 'supplier_phone', 'requisitioner', 'po_date', 'due_date', 'department', 'terms'];
  const body: Record<string, unknown> = { id: po.id, version: po.version };
  for (const k of [...keys, ...more, 'ship_to', 'price_quote', 'currency', 'local_po']) body[k] = po[k];
  body.currency_rate = String(po.currency_rate);
  body.purpose = `Mixed bench purpose ${vu.saves}`;
  // biome-ignore lint/suspicious/noExplicitAny: the loaded lines
  body.parts = po.parts.map((p: any) => ({
    part: p.part ?? undefined,
    manuf_part_number: p.manuf_part_number,
    part_name: p.part_name,
    price_UI: p.price_UI,
    quantity: p.quantity,
    unit: p.unit,
    remarks: p.remarks,
  }));
  return vu.c.call('PO save', '/purchaseorders/save', { token: vu.token, json: body });
};

const purchasingDashboard = (vu: Vu) =>
  get(vu, 'dashboard', '/dashboard/purchasing', vu.r.chance(0.2) ? { supplier: vu.r.pick(vu.pools.suppliers) } : {});

// ---- Test checklists --------------------------------------------------------------------------

const queue = (view: 'mine' | 'signoff') => async (vu: Vu) => {
  const a = await get(vu, 'checklist queue', '/testChecklist/queue', {
    view,
    test_status: vu.r.chance(0.7) ? 'open' : 'all',
    search: '',
    limit: 25,
    offset: 0,
  });
  for (const x of rows(a)) vu.stock.set(Number(x.id), x.order_id == null);
  return keep(vu, 'checklists', a);
};

const kindBase = (vu: Vu, id: number) => (vu.stock.get(id) ? '/stockTestChecklist' : '/testChecklist');

/** Opens a checklist from the queue: the checklist and its steps with their results. */
const checklistOpen = async (vu: Vu, id?: number) => {
  const cid = id ?? (pickSeen(vu, 'checklists') || (await queue('mine')(vu))[0]);
  if (!cid) return;
  const c = (await get(vu, 'checklist open', `${kindBase(vu, cid)}/test/${cid}`)).body?.data;
  const steps = rows({
    status: 200,
    body: (await get(vu, 'checklist open', `${kindBase(vu, cid)}Step/checklist/${cid}`)).body,
  });
  if (c) vu.grid.set(cid, { steps: steps.map((s) => Number(s.id)), cols: c.serials?.length ?? 0 });
};

/** One result cell of a checklist assigned to this tester (opened first if it has not been). */
const resultSave = async (vu: Vu) => {
  const id = pickSeen(vu, 'checklists') || (await queue('mine')(vu))[0];
  if (!id) return;
  if (!vu.grid.has(id)) await checklistOpen(vu, id);
  const g = vu.grid.get(id);
  if (!g?.steps.length || !g.cols) return;
  return vu.c.call('checklist result save', `${kindBase(vu, id)}/saveResult/${id}`, {
    token: vu.token,
    json: { step_id: vu.r.pick(g.steps), item_id: vu.r.int(1, g.cols), result: vu.r.chance(0.9) ? 'Pass' : 'Fail' },
  });
};

// ---- The roles ----------------------------------------------------------------------------------

/** Weighted actions per role: [weight, action]. Saves are weighted to about 5–10 % of the requests. */
export const ROLE_MIX: Record<Role, Array<[number, Action]>> = {
  sale: [
    [24, ordersList('sales')],
    [12, orderOpen('sales')],
    [6, orderSave('sales')],
    [8, salesDashboard],
    [8, quotationsList('sales')],
    [4, quotationOpen('sales')],
    [4, productsList],
    [4, dealersList],
    [6, tasksList],
    [2, projectsList],
    [4, testOrdersList],
    [3, packingList('/packinglists')],
    [3, eventsList],
  ],
  production: [
    [20, ordersList('production')],
    [10, orderOpen('production')],
    [5, orderSave('production')],
    [8, productionDashboard],
    [6, quotationsList('production')],
    [4, productsList],
    [10, testOrdersList],
    [4, stockList],
    [4, packingList('/packinglists')],
    [6, tasksList],
    [2, projectsList],
  ],
  tester: [
    [20, queue('mine')],
    [16, (vu) => checklistOpen(vu)],
    [12, resultSave],
    [6, testOrdersList],
    [4, stockList],
    [6, tasksList],
    [2, projectsList],
  ],
  shipping: [
    [22, ordersList('shipping')],
    [12, orderOpen('shipping')],
    [5, orderSave('shipping')],
    [5, quotationsList('shipping')],
    [10, packingList('/shipping/packinglists')],
    [4, productsList],
    [3, dealersList],
    [5, poList],
    [5, tasksList],
    [2, projectsList],
  ],
  purchase: [
    [20, poList],
    [12, poOpen],
    [4, poSave],
    [8, purchasingDashboard],
    [4, productsList],
    [5, (vu) => get(vu, 'small lists', '/partComponents', q.smallListQuery(vu.r, ['manuf_part_number', 'price']))],
    [4, (vu) => get(vu, 'small lists', '/suppliers', q.smallListQuery(vu.r, ['name', 'contact_person']))],
    [6, tasksList],
    [2, projectsList],
  ],
  qa: [
    [16, poList],
    [8, poOpen],
    [12, queue('signoff')],
    [8, (vu) => checklistOpen(vu)],
    [8, testOrdersList],
    [6, tasksList],
    [2, projectsList],
  ],
  poapproval: [
    [16, poList],
    [10, poOpen],
    [10, (vu) => get(vu, 'PO list', '/purchaseorders/waitingapproval')],
    [6, tasksList],
    [2, projectsList],
  ],
  administrator: [
    [14, ordersList('sales')],
    [6, orderOpen('sales')],
    [2, orderSave('sales')],
    [6, salesDashboard],
    [3, (vu) => get(vu, 'dashboard', '/orders/request-to-delete')],
    [6, quotationsList('sales')],
    [6, poList],
    [4, poOpen],
    [6, eventsList],
    [4, (vu) => get(vu, 'small lists', '/admin/users', q.smallListQuery(vu.r, ['username', 'active']))],
    [4, testOrdersList],
    [4, packingList('/packinglists')],
    [3, productsList],
    [4, tasksList],
  ],
};

/** The next action of a virtual user, by its role's weights. */
export function nextAction(vu: Vu): Action {
  const mix = ROLE_MIX[vu.role];
  let w = vu.r.next() * mix.reduce((s, [x]) => s + x, 0);
  for (const [x, a] of mix) {
    w -= x;
    if (w < 0) return a;
  }
  return mix[mix.length - 1]![1];
}
