import { activeAnswer, idParams } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import { can } from '@bpm/contract/permissions';
import {
  bomImport,
  bomImportResult,
  bomLine,
  bomLineDeleted,
  bomLineSaved,
  bomRevSave,
  bomRevSaved,
  bomSave,
  PRODUCT_PREFIXES,
  product,
  productExportColumns,
  productImageDeleted,
  productListQuery,
  productRow,
  productSales,
  productSave,
  salesWindowQuery,
  testChecklistRevSave,
  testChecklistRevSaved,
  testStep,
  testStepReorder,
  testStepSave,
} from '@bpm/contract/products';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { defineCsvExport } from '../../platform/csv-export';
import { registerFileType } from '../../platform/file-types';
import { sendFile, storeFieldUpload } from '../../platform/files';
import { definePutById, defineRoute, flagRoutes, Paged } from '../../platform/route';
import * as boms from './boms';
import * as products from './service';
import * as steps from './test-steps';

const productIdParams = z.object({ productId: idParams.shape.id });

/**
 * Products under every role prefix (document 2 section 7): `/api/products/…` for any allowed role,
 * and `/api/{admin|sale|shipping|production|purchase}/products/…`, each only for its own role and only
 * the calls that role may make (defineRoute: shipping and purchase get the reads and the export).
 */
export function productRoutes(app: FastifyInstance) {
  registerFileType(app, 'products/product_image', products.productImageFileId);

  for (const prefix of PRODUCT_PREFIXES) {
    const base = prefix ? `/${prefix}/products` : '/products';

    defineCsvExport(app, {
      url: `${base}/export.csv`,
      action: 'products.read',
      query: productListQuery,
      fileName: 'products.csv',
      columns: productExportColumns,
      fetch: (deps, q, _user, limit, after) => products.exportProducts(deps.db, q, unixNow(deps.clock), limit, after),
    });

    defineRoute(app, {
      method: 'GET',
      url: base,
      access: { action: 'products.read' },
      query: productListQuery,
      paged: true,
      response: productRow,
      async handler({ query, user, deps }) {
        const page = await products.listProducts(deps.db, query, unixNow(deps.clock));
        // Units sold and revenue are statistics: not for the roles without them (shipping, purchase).
        if (can(user.user_role, 'products.manage')) return new Paged(page.rows, page.total);
        const rows = page.rows.map(({ units_sold: _u, revenue: _r, ...row }) => row);
        return new Paged(rows, page.total);
      },
    });

    defineRoute(app, {
      method: 'GET',
      url: `${base}/:id`,
      access: { action: 'products.read' },
      params: idParams,
      response: product,
      handler: ({ params, deps }) => products.getProduct(deps.db, params.id),
    });

    defineRoute(app, {
      method: 'POST',
      url: `${base}/save`,
      access: { action: 'products.save' },
      multipart: true,
      body: productSave,
      response: product,
      async handler({ body, files, user, deps }) {
        const now = unixNow(deps.clock);
        // The image is checked by content before anything is written.
        const stored = await storeFieldUpload(deps.db, { files, deps, user }, 'product_image', 'image', now);
        return products.saveProduct(deps.db, body, stored?.id, user, now);
      },
    });

    defineRoute(app, {
      method: 'GET',
      url: `${base}/sales/:id`,
      access: { action: 'products.manage' },
      params: idParams,
      query: salesWindowQuery,
      response: productSales,
      handler: ({ params, query, deps }) => products.productSales(deps.db, params.id, query, unixNow(deps.clock)),
    });

    definePutById(
      app,
      flagRoutes(base, 'products.manage', ['disable', 'enable']),
      ({ id, what, user, deps, now }) => products.setProductActive(deps.db, id, what === 'enable' ? 1 : 0, user, now),
      activeAnswer,
    );

    defineRoute(app, {
      method: 'POST',
      url: `${base}/deleteImage/:id`,
      access: { action: 'products.save' },
      params: idParams,
      response: productImageDeleted,
      handler: ({ params, user, deps }) => products.deleteProductImage(deps.db, params.id, user, unixNow(deps.clock)),
    });

    defineRoute(app, {
      method: 'GET',
      url: `${base}/image/:id`,
      access: { action: 'products.manage' },
      params: idParams,
      raw: true,
      async handler({ params, reply, deps }) {
        return sendFile(reply, deps.db, deps.files, await products.productImageFileId(deps.db, params.id));
      },
    });
  }

  bomRoutes(app);
  testStepRoutes(app);
}

function bomRoutes(app: FastifyInstance) {
  const access = { action: 'boms.manage' } as const;

  defineRoute(app, {
    method: 'GET',
    url: '/boms/product/:productId',
    access,
    params: productIdParams,
    response: z.array(bomLine),
    handler: ({ params, deps }) => boms.listBom(deps.db, params.productId),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/boms/:id',
    access,
    params: idParams,
    response: bomLine,
    handler: ({ params, deps }) => boms.getBomLine(deps.db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/boms/save',
    access,
    body: bomSave,
    response: bomLineSaved,
    handler: ({ body, user, deps }) => boms.saveBomLine(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/boms/delete/:id',
    access,
    params: idParams,
    response: bomLineDeleted,
    handler: ({ params, user, deps }) => boms.deleteBomLine(deps.db, params.id, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/boms/import',
    access,
    body: bomImport,
    response: bomImportResult,
    handler: ({ body, user, deps }) => boms.importBom(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/boms/saveRev',
    access,
    body: bomRevSave,
    response: bomRevSaved,
    handler: ({ body, user, deps }) => boms.saveBomRev(deps.db, body.productId, body.bomRev, user, unixNow(deps.clock)),
  });
}

/** The product's own test checklist steps (base path chosen in docs/decisions.md). */
function testStepRoutes(app: FastifyInstance) {
  const access = { action: 'productTestChecklist.manage' } as const;
  const base = '/productTestChecklist';

  defineRoute(app, {
    method: 'GET',
    url: `${base}/byProduct/:productId`,
    access,
    params: productIdParams,
    response: z.array(testStep),
    handler: ({ params, deps }) => steps.listSteps(deps.db, params.productId),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    access,
    params: idParams,
    response: testStep,
    handler: ({ params, deps }) => steps.getStep(deps.db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/save`,
    access,
    body: testStepSave,
    // A step call without its product (a parameter, not a form field): doc 1 section 8.
    invalidMessage: (cause) => (cause.product_id ? MSG.missingParams : undefined),
    response: testStep,
    handler: ({ body, user, deps }) => steps.saveStep(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/reorder`,
    access,
    body: testStepReorder,
    invalidMessage: MSG.missingParams,
    response: z.array(testStep),
    handler: ({ body, user, deps }) => steps.reorderStep(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${base}/delete/:id`,
    access,
    params: idParams,
    response: z.array(testStep),
    handler: ({ params, user, deps }) => steps.deleteStep(deps.db, params.id, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/saveRev`,
    access,
    body: testChecklistRevSave,
    response: testChecklistRevSaved,
    handler: ({ body, user, deps }) =>
      steps.saveTestChecklistRev(deps.db, body.productId, body.testChecklistRev, user, unixNow(deps.clock)),
  });
}
