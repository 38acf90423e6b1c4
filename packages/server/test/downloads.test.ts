// Downloads are sent as stored (issue "Privacy and deployment", item A): no Content-Encoding on a
// file, PDF, ZIP or CSV download, whatever the client accepts; JSON answers stay compressed.
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makeProject, makeTask } from './factories/work';
import { createTestApp, multipart, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ACCEPT = { 'accept-encoding': 'gzip, br' };

async function download(role: Parameters<TestApp['as']>[0], url: string, accept = ACCEPT) {
  return t.app.inject({ method: 'GET', url, headers: { ...(await t.as(role)), ...accept } });
}

describe('downloads are sent as stored', () => {
  it('an uploaded gzip attachment comes back byte for byte, without Content-Encoding', async () => {
    // Highly compressible: a client that honoured `Content-Encoding: gzip` would inflate it 1000-fold.
    const gz = gzipSync(Buffer.alloc(2_000_000, 0x61), { level: 9 });
    const task = (
      await makeTask(t, 'admin', { title: 'Logs', project_id: (await makeProject(t, 'admin', { name: 'Gz' })).id })
    ).id;
    const mp = multipart({ task_id: task }, [
      { field: 'file', name: 'logs.tar.gz', type: 'application/gzip', data: gz },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/taskattachments/upload',
      headers: { ...(await t.as('admin')), ...mp.headers },
      payload: mp.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const url = `/api/files/task_attachments/task_attachment_file/${up.json().data.id}`;
    // A gzip-only client too: it would have been told `Content-Encoding: gzip` and inflated the file.
    for (const accept of [ACCEPT, { 'accept-encoding': 'gzip' }]) {
      const res = await download('admin', url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept['accept-encoding']).toBeUndefined();
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logs\.tar\.gz"/);
      expect(res.rawPayload.equals(gz), accept['accept-encoding']).toBe(true);
    }
  });

  it('a stored PDF, a report PDF and a checklist ZIP come back without Content-Encoding', async () => {
    const [order] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from orders where oc_file_id is not null order by id limit 1`,
    );
    const oc = await download('admin', `/api/files/orders/oc_pdf/${order!.id}`);
    expect(oc.statusCode, oc.body).toBe(200);
    expect(oc.headers['content-type']).toBe('application/pdf');
    expect(oc.headers['content-encoding']).toBeUndefined();
    expect(oc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const report = await download('sale', '/api/sale/reports/overdueInvoices/pdf');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.headers['content-encoding']).toBeUndefined();
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [withChecklists] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select order_id as id from test_checklists where order_id is not null order by order_id limit 1`,
    );
    expect(withChecklists).toBeDefined();
    {
      const zip = await download('admin', `/api/files/test_checklist/test_checklist_order_zip/${withChecklists!.id}`);
      expect(zip.statusCode, zip.body).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.headers['content-encoding']).toBeUndefined();
      expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('CSV exports and CSV reports come back without Content-Encoding', async () => {
    for (const [role, url] of [
      ['admin', '/api/orders/export.csv'],
      ['admin', '/api/dealers/export.csv'],
      ['admin', '/api/products/export.csv'],
      ['sale', '/api/sale/reports/overdueInvoices/csv'],
    ] as const) {
      const res = await download(role, url);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body.startsWith('\uFEFF') || res.body.length > 0, url).toBe(true);
    }
    // Big enough that the compressor would have taken it.
    expect((await download('admin', '/api/orders/export.csv')).rawPayload.length).toBeGreaterThan(1024);
  });

  it('JSON API answers are still compressed', async () => {
    const res = await download('admin', '/api/orders?limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/orders?limit=50',
      headers: { ...(await t.as('admin')), 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});
