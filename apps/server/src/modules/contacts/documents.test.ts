import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeContact } from '../../testing/contact-factories.js';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { jpegBytes, multipartBody, pdfBytes, pngBytes } from '../../testing/multipart.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { userActor } from '../activity/service.js';
import { activityLogs } from '../activity/tables.js';
import { sniffDocumentType, uploadDocument } from './documents-service.js';
import { contactDocuments } from './tables.js';

const t = useTestApp();

async function setup(type: 'VENDOR' | 'CUSTOMER' = 'VENDOR') {
  const { businessId, owner, headers } = await makeSignedInBusiness(t.context);
  const contact = await makeContact(t.context, { businessId, type });
  return { businessId, owner, contact, headers };
}

const url = (businessId: string, contactId: string) =>
  `/api/business/${businessId}/accounting/contacts/${contactId}/documents`;

function upload(
  headers: AuthHeaders,
  target: string,
  file: { data: Buffer; filename?: string; contentType?: string },
  fields: Record<string, string> = { documentType: 'OTHER', entityType: 'VENDOR' },
) {
  const body = multipartBody([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    {
      name: 'file',
      filename: file.filename ?? 'file.pdf',
      contentType: file.contentType ?? 'application/pdf',
      data: file.data,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: target,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const logsOf = (businessId: string) =>
  t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId));
const rowsOf = (contactId: string) =>
  t.context.database.db.select().from(contactDocuments).where(eq(contactDocuments.contactId, contactId));

describe('sniffing', () => {
  it('knows PDF, PNG and JPEG by their first bytes only', () => {
    expect(sniffDocumentType(pdfBytes())).toBe('application/pdf');
    expect(sniffDocumentType(pngBytes())).toBe('image/png');
    expect(sniffDocumentType(jpegBytes())).toBe('image/jpeg');
    expect(sniffDocumentType(Buffer.from('MZ\x90\x00\x03'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('%PD'))).toBeNull();
  });
});

describe('uploading', () => {
  it('stores a PDF and a PNG, lists, downloads and counts them, with activity entries', async () => {
    const { businessId, contact, headers } = await setup();
    const pdf = await upload(headers, url(businessId, contact.id), {
      data: pdfBytes(300),
      filename: 'W-9 form.pdf',
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().message).toBe('Document uploaded successfully.');
    expect(pdf.json().data).toMatchObject({
      contactId: contact.id,
      fileName: 'W-9 form.pdf',
      mimeType: 'application/pdf',
      size: 300,
      documentType: 'OTHER',
      entityType: 'VENDOR',
    });
    // The declared type does not count: the bytes say PNG.
    const png = await upload(
      headers,
      url(businessId, contact.id),
      { data: pngBytes(), filename: 'logo.png', contentType: 'application/octet-stream' },
      {},
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().data).toMatchObject({ mimeType: 'image/png', documentType: 'OTHER', entityType: null });

    const list = await t.app.inject({ method: 'GET', url: url(businessId, contact.id), headers });
    expect(list.json().data).toMatchObject({ total: 2, maxCount: 5 });
    expect(list.json().data.items.map((d: { fileName: string }) => d.fileName)).toEqual([
      'W-9 form.pdf',
      'logo.png',
    ]);

    const download = await t.app.inject({ method: 'GET', url: pdf.json().data.url, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="W-9 form.pdf"; filename*=UTF-8''W-9%20form.pdf`,
    );
    expect(download.rawPayload.equals(pdfBytes(300))).toBe(true);

    const contactView = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}/accounting/contacts/vendors/${contact.id}`,
      headers,
    });
    expect(contactView.json().data.documentsCount).toBe(2);
    const logs = await logsOf(businessId);
    expect(logs.map((l) => [l.action, l.label, l.remarks])).toEqual([
      ['DOCUMENT_UPLOADED', 'Document uploaded', 'W-9 form.pdf'],
      ['DOCUMENT_UPLOADED', 'Document uploaded', 'logo.png'],
    ]);
  });

  it('takes a JPEG for a customer', async () => {
    const { businessId, contact, headers } = await setup('CUSTOMER');
    const res = await upload(headers, url(businessId, contact.id), {
      data: jpegBytes(),
      filename: 'scan.jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logsOf(businessId))[0]?.subject).toBe('GetPaidManageCustomers');
  });

  it.each([
    ['a renamed executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), 'invoice.pdf', 415],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50)]), 'photo.png', 415],
    ['a text file', Buffer.from('hello world'), 'notes.pdf', 415],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', 400],
    ['a 6 MB PDF', pdfBytes(6 * 1024 * 1024), 'big.pdf', 413],
    ['a PDF one byte over 5 MB', pdfBytes(5_242_881), 'big.pdf', 413],
  ])('refuses %s with the spec message and stores nothing', async (_name, data, filename, status) => {
    const { businessId, contact, headers } = await setup();
    const res = await upload(headers, url(businessId, contact.id), { data, filename });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);
    expect(await rowsOf(contact.id)).toHaveLength(0);
    expect(await logsOf(businessId)).toHaveLength(0);
  });

  it('takes exactly 5 MB', async () => {
    const { businessId, contact, headers } = await setup();
    const res = await upload(headers, url(businessId, contact.id), { data: pdfBytes(5_242_880) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a request without a file, and one that is not multipart', async () => {
    const { businessId, contact, headers } = await setup();
    const body = multipartBody([{ name: 'documentType', data: 'OTHER' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: url(businessId, contact.id),
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);
    const json = await t.app.inject({
      method: 'POST',
      url: url(businessId, contact.id),
      headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);
  });

  it('refuses two files in one request, an oversized field, and a bad document type with 400 (never 500)', async () => {
    const { businessId, contact, headers } = await setup();
    const send = (parts: Parameters<typeof multipartBody>[0]) => {
      const body = multipartBody(parts);
      return t.app.inject({
        method: 'POST',
        url: url(businessId, contact.id),
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const two = await send([
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdfBytes() },
      { name: 'file', filename: 'b.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(two.statusCode, two.body).toBe(400);
    expect(two.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);
    const bigField = await send([
      { name: 'documentType', data: 'x'.repeat(5000) },
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(bigField.statusCode, bigField.body).toBe(400);
    const badType = await send([
      { name: 'documentType', data: '<script>' },
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(badType.statusCode, badType.body).toBe(400);
    expect(await rowsOf(contact.id)).toHaveLength(0);
    expect(await logsOf(businessId)).toHaveLength(0);
  });

  it('a file name with a path or control characters is kept as its clean last segment', async () => {
    const { businessId, contact, headers } = await setup();
    const res = await upload(headers, url(businessId, contact.id), {
      data: pdfBytes(),
      filename: '..\\..\\secret\u0007 q.pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fileName).toBe('secret q.pdf');
  });

  it('refuses the sixth document (409) and takes one again after a delete', async () => {
    const { businessId, contact, headers } = await setup();
    for (let i = 0; i < 5; i += 1) {
      const res = await upload(headers, url(businessId, contact.id), {
        data: pdfBytes(),
        filename: `doc${i}.pdf`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await upload(headers, url(businessId, contact.id), {
      data: pngBytes(),
      filename: 'six.png',
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(DOCUMENT_MESSAGES.limit);
    expect(await rowsOf(contact.id)).toHaveLength(5);
    expect(await logsOf(businessId)).toHaveLength(5);

    const [first] = await rowsOf(contact.id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${url(businessId, contact.id)}/${first?.id}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: 'Document deleted successfully.',
      data: { id: first?.id },
    });
    expect(await t.context.providers.files.get(first?.fileKey ?? '')).toBeNull();
    const again = await upload(headers, url(businessId, contact.id), {
      data: pngBytes(),
      filename: 'six.png',
    });
    expect(again.statusCode).toBe(200);
    const actions = (await logsOf(businessId)).map((l) => l.action);
    expect(actions.filter((a) => a === 'DOCUMENT_DELETED')).toHaveLength(1);
  });

  it('two uploads at once when 4 are stored: exactly one takes the fifth place', async () => {
    const { businessId, contact, headers } = await setup();
    for (let i = 0; i < 4; i += 1) {
      expect((await upload(headers, url(businessId, contact.id), { data: pdfBytes() })).statusCode).toBe(200);
    }
    const results = await Promise.all([
      upload(headers, url(businessId, contact.id), { data: pdfBytes(100), filename: 'a.pdf' }),
      upload(headers, url(businessId, contact.id), { data: pngBytes(100), filename: 'b.png' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(DOCUMENT_MESSAGES.limit);
    expect(await rowsOf(contact.id)).toHaveLength(5);
    expect(await logsOf(businessId)).toHaveLength(5);
  });

  it('the same race inside the service (no early check): the lock decides and the loser leaves no file', async () => {
    const { businessId, contact, owner } = await setup();
    const actor = userActor(owner);
    const put = (data: Buffer) =>
      uploadDocument(t.context, {
        businessId,
        contact,
        actor,
        body: data,
        fileName: 'x.pdf',
        documentType: 'OTHER',
        entityType: null,
      });
    for (let i = 0; i < 4; i += 1) await put(pdfBytes());
    const results = await Promise.allSettled([put(pdfBytes(80)), put(pdfBytes(90)), put(pngBytes(70))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(DOCUMENT_MESSAGES.limit);
    }
    expect(await rowsOf(contact.id)).toHaveLength(5);
    const folder = path.join(
      t.context.config.filesDir,
      'businesses',
      businessId,
      'contacts',
      contact.id,
      'documents',
    );
    expect(fs.readdirSync(folder)).toHaveLength(5);
  });

  it('an unknown document is 404 and writes nothing', async () => {
    const { businessId, contact, headers } = await setup();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${url(businessId, contact.id)}/0123456789abcdef01234567`,
      headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Document not found.');
    const download = await t.app.inject({
      method: 'GET',
      url: `${url(businessId, contact.id)}/nope/download`,
      headers,
    });
    expect(download.statusCode).toBe(404);
    expect(await logsOf(businessId)).toHaveLength(0);
  });

  it("another business's contact or document is 404", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = await upload(b.headers, url(b.businessId, b.contact.id), { data: pdfBytes() });
    const docId = theirs.json().data.id;
    expect((await upload(a.headers, url(a.businessId, b.contact.id), { data: pdfBytes() })).statusCode).toBe(
      404,
    );
    const download = await t.app.inject({
      method: 'GET',
      url: `${url(a.businessId, a.contact.id)}/${docId}/download`,
      headers: a.headers,
    });
    expect(download.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: url(a.businessId, b.contact.id),
      headers: a.headers,
    });
    expect(list.statusCode).toBe(404);
  });

  it('a read-only member may list and download but not upload or delete', async () => {
    const { businessId, contact, headers } = await setup();
    const doc = (await upload(headers, url(businessId, contact.id), { data: pdfBytes() })).json().data;
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    expect(
      (await t.app.inject({ method: 'GET', url: url(businessId, contact.id), headers: viewerHeaders }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: doc.url, headers: viewerHeaders })).statusCode).toBe(
      200,
    );
    const denied = await upload(viewerHeaders, url(businessId, contact.id), { data: pdfBytes() });
    expect(denied.statusCode).toBe(403);
    const deleteDenied = await t.app.inject({
      method: 'DELETE',
      url: `${url(businessId, contact.id)}/${doc.id}`,
      headers: viewerHeaders,
    });
    expect(deleteDenied.statusCode).toBe(403);
    expect(await rowsOf(contact.id)).toHaveLength(1);
  });
});
