import { idAnswer, idParam, idParams, listTotalMeta } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import type { Action } from '@bpm/contract/permissions';
import {
  checklistAdd,
  checklistEdit,
  checklistQueueQuery,
  exportToStock,
  importFromStock,
  queueRow,
  resultSave,
  resultsSave,
  revisionSave,
  serialsSave,
  stepReorder,
  stepSave,
  stockChecklistAdd,
  stockChecklistEdit,
  stockProduct,
  stockProductListQuery,
  stockStepSave,
  TEST_CHECKLIST_PREFIXES,
  testChecklist,
  tester,
  testOrder,
  testOrderListQuery,
  testOrderRow,
  testStep,
} from '@bpm/contract/test-checklists';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { registerFileType } from '../../platform/file-types';
import { totalMeta } from '../../platform/list-totals';
import { defineRoute, Paged, RowsWith } from '../../platform/route';
import { getChecklist, type Kind } from './core';
import * as lists from './lists';
import * as moves from './moves';
import * as pdf from './pdf';
import * as svc from './service';
import * as signOff from './sign-off';
import * as steps from './steps';

const orderIdParams = z.object({ OrderId: idParam });
const checklistIdParams = z.object({ checklistId: idParam });

/**
 * Order and stock test checklists (document 3 section 7) under every role prefix:
 * `/api/testChecklist/…` for any allowed role and `/api/{admin|sale|production|tester|qa}/testChecklist/…`
 * only for that role, each call only where that role may make it (defineRoute); likewise
 * stockTestChecklist, testChecklistStep and stockTestChecklistStep (none for qa: it has no stock checklists).
 */
export function testChecklistRoutes(app: FastifyInstance) {
  registerFileType(app, 'test_checklist/test_checklist_pdf', pdf.checklistPdfFile);
  registerFileType(app, 'test_checklist/test_checklist_order_zip', pdf.orderZipFile);
  for (const prefix of TEST_CHECKLIST_PREFIXES) {
    const p = prefix ? `/${prefix}` : '';
    orderRoutes(app, `${p}/testChecklist`);
    stepRoutes(app, `${p}/testChecklistStep`, 'order');
    stockRoutes(app, `${p}/stockTestChecklist`);
    stepRoutes(app, `${p}/stockTestChecklistStep`, 'stock');
  }
  for (const url of ['/autocomplete/testChecklist/tester', '/autocomplete/stockTestChecklist/tester'])
    defineRoute(app, {
      method: 'GET',
      url,
      access: { action: 'testChecklists.testers' },
      response: z.array(tester),
      handler: ({ deps }) => svc.testers(deps.db),
    });
}

/** The calls both kinds share: one checklist, edit, delete, revision, serials, result. */
function checklistRoutes(app: FastifyInstance, base: string, kind: Kind, read: Action) {
  defineRoute(app, {
    method: 'GET',
    url: `${base}/test/:id`,
    access: { action: read },
    params: idParams,
    response: testChecklist,
    handler: ({ params, deps }) => getChecklist(deps.db, kind, params.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/edit/:id`,
    access: { action: 'testChecklists.manage' },
    params: idParams,
    body: kind === 'order' ? checklistEdit : stockChecklistEdit,
    response: testChecklist,
    handler: ({ params, body, user, deps }) =>
      svc.editChecklist(deps.db, kind, params.id, body, user, unixNow(deps.clock), deps.mailer),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: `${base}/delete/:id`,
    access: { action: 'testChecklists.manage' },
    params: idParams,
    response: idAnswer,
    handler: ({ params, user, deps }) => svc.deleteChecklist(deps.db, kind, params.id, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/test/updateRevision/:id`,
    access: { action: 'testChecklists.revision' },
    params: idParams,
    body: revisionSave,
    response: testChecklist,
    invalidMessage: (cause) => cause.rev,
    handler: ({ params, body, user, deps }) =>
      svc.saveRevision(deps.db, kind, params.id, body.rev, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/test/saveSerials/:id`,
    access: { action: 'testChecklists.serials' },
    params: idParams,
    body: serialsSave,
    response: testChecklist,
    invalidMessage: (cause) => cause.serials ?? Object.values(cause)[0],
    handler: ({ params, body, user, deps }) =>
      svc.saveSerials(deps.db, kind, params.id, body, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/saveResult/:id`,
    access: { action: 'testChecklists.result' },
    params: idParams,
    body: resultSave,
    response: testChecklist,
    handler: ({ params, body, user, deps }) =>
      svc.saveResult(deps.db, kind, params.id, body, user, unixNow(deps.clock), deps.mailer),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/saveResults/:id`,
    access: { action: 'testChecklists.result' },
    params: idParams,
    body: resultsSave,
    response: testChecklist,
    handler: ({ params, body, user, deps }) =>
      svc.saveResults(deps.db, kind, params.id, body.results, user, unixNow(deps.clock), deps.mailer),
  });
}

function orderRoutes(app: FastifyInstance, base: string) {
  const read = { action: 'testChecklists.read' } as const;
  const manage = { action: 'testChecklists.manage' } as const;
  defineRoute(app, {
    method: 'GET',
    url: `${base}/order`,
    access: read,
    query: testOrderListQuery,
    paged: true,
    response: testOrderRow,
    // `{ data: rows, total, total_estimated }`: above a threshold the total is an estimate.
    meta: listTotalMeta,
    async handler({ query, deps }) {
      const page = await lists.listTestOrders(deps.db, query);
      return new RowsWith(page.rows, totalMeta(page));
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: `${base}/queue`,
    access: read,
    query: checklistQueueQuery,
    paged: true,
    response: queueRow,
    async handler({ query, user, deps }) {
      const page = await lists.listQueue(deps.db, query, user.user_id);
      return new RowsWith(page.rows, totalMeta({ total: page.total, estimated: false }));
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: `${base}/order/:OrderId`,
    access: read,
    params: orderIdParams,
    response: testOrder,
    handler: ({ params, deps }) => lists.getTestOrder(deps.db, params.OrderId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/add`,
    access: manage,
    body: checklistAdd,
    response: testChecklist,
    handler: ({ body, user, deps }) => svc.addOrderChecklist(deps.db, body, user, unixNow(deps.clock), deps.mailer),
  });
  checklistRoutes(app, base, 'order', 'testChecklists.read');
  defineRoute(app, {
    method: 'POST',
    url: `${base}/test/signQc/:id`,
    access: { action: 'testChecklists.sign' },
    params: idParams,
    response: testChecklist,
    handler: ({ params, user, deps }) => signOff.signQc(deps.db, params.id, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/test/approve/:id`,
    access: { action: 'testChecklists.approve' },
    params: idParams,
    response: testChecklist,
    handler: ({ params, user, deps }) => signOff.approve(deps.db, params.id, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/importFromStock`,
    access: manage,
    body: importFromStock,
    response: z.array(testChecklist),
    invalidMessage: (cause) => cause.stock_checklist_ids,
    handler: ({ body, user, deps }) => moves.importFromStock(deps.db, body, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/exportToStock`,
    access: manage,
    body: exportToStock,
    response: z.array(testChecklist),
    invalidMessage: (cause) => cause.test_checklist_ids,
    handler: ({ body, user, deps }) => moves.exportToStock(deps.db, body, user, unixNow(deps.clock)),
  });
}

function stockRoutes(app: FastifyInstance, base: string) {
  const read = { action: 'stockTestChecklists.read' } as const;
  defineRoute(app, {
    method: 'GET',
    url: `${base}/product`,
    access: read,
    query: stockProductListQuery,
    paged: true,
    response: stockProduct,
    async handler({ query, deps }) {
      const page = await lists.listStockProducts(deps.db, query);
      return new Paged(page.rows, page.total);
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: `${base}/product/:id`,
    access: read,
    params: idParams,
    response: stockProduct,
    handler: ({ params, deps }) => lists.getStockProduct(deps.db, params.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/add`,
    access: { action: 'testChecklists.manage' },
    body: stockChecklistAdd,
    response: testChecklist,
    handler: ({ body, user, deps }) => svc.addStockChecklist(deps.db, body, user, unixNow(deps.clock), deps.mailer),
  });
  checklistRoutes(app, base, 'stock', 'stockTestChecklists.read');
}

function stepRoutes(app: FastifyInstance, base: string, kind: Kind) {
  const read = { action: kind === 'order' ? 'testChecklists.read' : 'stockTestChecklists.read' } as const;
  const write = { action: 'testChecklists.steps' } as const;
  defineRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    access: read,
    params: idParams,
    response: testStep,
    handler: ({ params, deps }) => steps.getStep(deps.db, kind, params.id),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${base}/checklist/:checklistId`,
    access: read,
    params: checklistIdParams,
    response: z.array(testStep),
    handler: ({ params, deps }) => steps.listSteps(deps.db, kind, params.checklistId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/save`,
    access: write,
    body:
      kind === 'order'
        ? stepSave.transform((b) => ({ id: b.id, checklistId: b.test_checklist_id, test_desc: b.test_desc }))
        : stockStepSave.transform((b) => ({
            id: b.id,
            checklistId: b.stock_test_checklist_id,
            test_desc: b.test_desc,
          })),
    response: testStep,
    // A step call without its checklist (a parameter, not a form field): document 3 section 7.
    invalidMessage: (cause) =>
      cause.test_checklist_id || cause.stock_test_checklist_id || cause.id ? MSG.missingParams : undefined,
    handler: ({ body, user, deps }) => steps.saveStep(deps.db, kind, body, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: `${base}/delete/:id`,
    access: write,
    params: idParams,
    response: z.array(testStep),
    handler: ({ params, user, deps }) => steps.deleteStep(deps.db, kind, params.id, user, unixNow(deps.clock)),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/reorder`,
    access: write,
    body: stepReorder,
    response: z.array(testStep),
    invalidMessage: MSG.missingParams,
    handler: ({ body, user, deps }) => steps.reorderStep(deps.db, kind, body, user, unixNow(deps.clock)),
  });
}
