import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, type DocumentView } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ContactDocuments, DOCUMENT_DELETED_MESSAGE, DOCUMENT_UPLOADED_MESSAGE } from './contact-documents';

const BUSINESS_ID = '64b7f0c2a1b2c3d4e5f60718';
const CONTACT_ID = '64b7f0c2a1b2c3d4e5f60799';
const DOCS = `/business/${BUSINESS_ID}/accounting/contacts/${CONTACT_ID}/documents`;

const makeDocument = (n: number, overrides: Partial<DocumentView> = {}): DocumentView => ({
  id: `doc-${n}`,
  contactId: CONTACT_ID,
  fileName: `invoice-${n}.pdf`,
  mimeType: 'application/pdf',
  size: 1200,
  documentType: 'OTHER',
  entityType: 'VENDOR',
  url: `/api${DOCS}/doc-${n}/download`,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const list = (count: number) =>
  ok({ items: Array.from({ length: count }, (_, i) => makeDocument(i + 1)), total: count, maxCount: 5 });

const renderDocuments = (canManage = true) =>
  renderWithProviders(
    <ContactDocuments businessId={BUSINESS_ID} contactId={CONTACT_ID} canManage={canManage} />,
  );

const pdf = (name = 'w9.pdf', bytes = 8) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('ContactDocuments', () => {
  // Toasts live in a store shared by the tests.
  afterEach(() => notifications.clean());

  it("shows four documents at a time, with 'Show all' and 'Show less' when there are five", async () => {
    mockApi({ [`GET ${DOCS}`]: list(5) });
    const user = userEvent.setup();
    renderDocuments();
    const documents = await screen.findByRole('list', { name: 'Documents' });
    expect(within(documents).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText('invoice-5.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download invoice-1.pdf' })).toHaveAttribute(
      'href',
      `/api${DOCS}/doc-1/download`,
    );

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(within(documents).getAllByRole('listitem')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(documents).getAllByRole('listitem')).toHaveLength(4);
  });

  it('uploads a PDF as multipart, toasts and refreshes the list', async () => {
    const api = mockApi({ [`GET ${DOCS}`]: list(1), [`POST ${DOCS}`]: ok(makeDocument(2)) });
    const user = userEvent.setup();
    renderDocuments();
    await screen.findByText('invoice-1.pdf');
    api.handlers[`GET ${DOCS}`] = list(2);
    await user.upload(screen.getByLabelText('Document file'), pdf());

    expect(await screen.findByText(DOCUMENT_UPLOADED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('invoice-2.pdf')).toBeInTheDocument();
    const sent = api.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = sent?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('documentType')).toBe('OTHER');
    expect(((body as FormData).get('file') as File).name).toBe('w9.pdf');
  });

  it('refuses a file over 5 MB or of another type in the browser, without uploading', async () => {
    const api = mockApi({ [`GET ${DOCS}`]: list(1) });
    const user = userEvent.setup({ applyAccept: false });
    renderDocuments();
    await screen.findByText('invoice-1.pdf');
    const input = screen.getByLabelText('Document file');

    await user.upload(input, pdf('big.pdf', DOCUMENT_LIMITS.maxBytes + 1));
    expect(await screen.findByText(DOCUMENT_MESSAGES.invalidFile)).toBeInTheDocument();
    expect(DOCUMENT_MESSAGES.invalidFile).toBe(
      "File couldn't be uploaded. Supported formats: PDF, JPG, PNG. Max size: 5MB.",
    );

    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByText(DOCUMENT_MESSAGES.invalidFile)).toBeInTheDocument();
    await user.upload(input, new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    expect(screen.getByText(DOCUMENT_MESSAGES.invalidFile)).toBeInTheDocument();
    expect(api.callsTo(`POST ${DOCS}`)).toHaveLength(0);

    // A JPEG of exactly 5 MB is fine.
    api.handlers[`POST ${DOCS}`] = ok(makeDocument(2, { fileName: 'photo.jpg', mimeType: 'image/jpeg' }));
    await user.upload(
      input,
      new File([new Uint8Array(DOCUMENT_LIMITS.maxBytes)], 'photo.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(api.callsTo(`POST ${DOCS}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(DOCUMENT_MESSAGES.invalidFile)).not.toBeInTheDocument());
  });

  it('stops at five documents with the limit message', async () => {
    const api = mockApi({ [`GET ${DOCS}`]: list(5) });
    const user = userEvent.setup();
    renderDocuments();
    await screen.findByText('invoice-1.pdf');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.limit)).toBeInTheDocument();
    expect(DOCUMENT_MESSAGES.limit).toBe(
      'Upload limit exceeded. Please remove an existing document to upload a new one.',
    );
    // A file handed to the input directly is refused too.
    await user.upload(screen.getByLabelText('Document file'), pdf());
    expect(api.callsTo(`POST ${DOCS}`)).toHaveLength(0);
  });

  it("toasts the server's refusal (content sniffed as another type)", async () => {
    mockApi({
      [`GET ${DOCS}`]: list(0),
      [`POST ${DOCS}`]: fail(415, DOCUMENT_MESSAGES.invalidFile, { errorCode: 'UNSUPPORTED_MEDIA_TYPE' }),
    });
    const user = userEvent.setup();
    renderDocuments();
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Document file'), pdf('renamed.pdf'));
    expect(await screen.findByText(DOCUMENT_MESSAGES.invalidFile)).toBeInTheDocument();
  });

  it("toasts 'Something went wrong.' when the upload fails on the server's side", async () => {
    mockApi({
      [`GET ${DOCS}`]: list(0),
      [`POST ${DOCS}`]: fail(500, 'Something went wrong. Please try again later.'),
    });
    const user = userEvent.setup();
    renderDocuments();
    await screen.findByText('No documents yet.');
    await user.upload(screen.getByLabelText('Document file'), pdf());
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  });

  it('deletes a document only after the confirm dialog', async () => {
    const api = mockApi({ [`GET ${DOCS}`]: list(2), [`DELETE ${DOCS}/doc-1`]: ok({ id: 'doc-1' }) });
    const user = userEvent.setup();
    renderDocuments();
    await user.click(await screen.findByRole('button', { name: 'Delete invoice-1.pdf' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this document?')).toBeInTheDocument();
    expect(within(dialog).getByText('Once deleted, it cannot be recovered.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${DOCS}/doc-1`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete invoice-1.pdf' }));
    dialog = await screen.findByRole('dialog');
    api.handlers[`GET ${DOCS}`] = ok({ items: [makeDocument(2)], total: 1, maxCount: 5 });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(DOCUMENT_DELETED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${DOCS}/doc-1`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('invoice-1.pdf')).not.toBeInTheDocument());
  });

  it('is read-only without the manage right: download only', async () => {
    mockApi({ [`GET ${DOCS}`]: list(2) });
    renderDocuments(false);
    expect(await screen.findByRole('link', { name: 'Download invoice-1.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Document file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
