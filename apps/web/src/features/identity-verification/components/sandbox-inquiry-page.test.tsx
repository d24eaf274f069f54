import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { signInAs } from '@/testing/users';
import { INQUIRY_ID } from '../testing/verification';
import { browserLocation } from '../utils/browser-location';
import { SandboxInquiryPage } from './sandbox-inquiry-page';

vi.setConfig({ testTimeout: 20_000 });

const INQUIRY = `GET /sandbox/identity/inquiries/${INQUIRY_ID}`;
const DECISION = `POST /sandbox/identity/inquiries/${INQUIRY_ID}/decision`;

const person = {
  inquiryId: INQUIRY_ID,
  kind: 'INDIVIDUAL',
  status: 'CREATED',
  fields: { nameFirst: 'Ada', nameLast: 'Lovelace', emailAddress: 'ada@acme.test' },
  createdAt: '2024-05-01T10:00:00.000Z',
};

const pagePath = (redirectUri: string | null, token: string | null = 'tok') => {
  const query = new URLSearchParams();
  if (token !== null) query.set('session-token', token);
  if (redirectUri !== null) query.set('redirect-uri', redirectUri);
  return `/sandbox/identity/${INQUIRY_ID}?${query.toString()}`;
};

/** The fake server, also as the global `fetch`: the hosted page does not use the app's API client. */
const serve = (handlers: Record<string, MockHandler>) => {
  const api = mockApi(handlers);
  vi.stubGlobal('fetch', api.fetchMock);
  return api;
};

const renderPage = (path: string) =>
  renderRoutes([{ path: '/sandbox/identity/:inquiryId', element: <SandboxInquiryPage /> }], path);

let assign: Mock<(url: string) => void>;

beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Sandbox hosted inquiry page', () => {
  it('shows the person being verified, with a sandbox header and a test-page notice', async () => {
    const api = serve({ [INQUIRY]: ok(person) });
    renderPage(pagePath('/verify/identity'));

    expect(screen.getByText('Sandbox identity provider')).toBeInTheDocument();
    expect(screen.getByText('This is a test page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Identity check' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /ferry/i })).not.toBeInTheDocument();

    const init = api.fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('x-session-token')).toBe('tok');
    expect(init?.credentials).toBe('omit');
  });

  it('shows a business by its name and the last 4 of its tax id', async () => {
    serve({
      [INQUIRY]: ok({
        ...person,
        kind: 'BUSINESS',
        fields: { businessName: 'Acme Inc', businessTaxId: '6789' },
      }),
    });
    renderPage(pagePath('/verify/identity'));
    expect(await screen.findByText('Acme Inc')).toBeInTheDocument();
    expect(screen.getByText('ending in 6789')).toBeInTheDocument();
  });

  it('approves, then returns to the redirect-uri with inquiry-id and status', async () => {
    const api = serve({
      [INQUIRY]: ok(person),
      [DECISION]: ok({ inquiryId: INQUIRY_ID, status: 'approved' }),
    });
    renderPage(pagePath(`/verify/identity?businessId=abc`));
    await screen.findByText('Ada Lovelace');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        `/verify/identity?businessId=abc&inquiry-id=${INQUIRY_ID}&status=approved`,
      ),
    );
    expect(api.bodiesOf(DECISION)).toEqual([{ sessionToken: 'tok', decision: 'approve' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Returning you to Ferry');
  });

  it.each([
    ['Decline', 'decline', 'declined'],
    ['Cancel', 'cancel', 'cancelled'],
  ])('%s sends its decision back', async (label, decision, status) => {
    const api = serve({ [INQUIRY]: ok(person), [DECISION]: ok({ inquiryId: INQUIRY_ID, status }) });
    renderPage(pagePath(`${window.location.origin}/verify/identity`));
    await screen.findByText('Ada Lovelace');
    await userEvent.setup().click(screen.getByRole('button', { name: label }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/verify/identity?inquiry-id=${INQUIRY_ID}&status=${status}`),
    );
    expect(api.bodiesOf(DECISION)).toEqual([{ sessionToken: 'tok', decision }]);
  });

  it.each(['https://evil.example/verify/identity', '//evil.example/verify/identity', 'javascript:alert(1)'])(
    'refuses to return to %s',
    async (redirectUri) => {
      const api = serve({ [INQUIRY]: ok(person) });
      renderPage(pagePath(redirectUri));
      await screen.findByText('Ada Lovelace');
      expect(screen.getByRole('alert')).toHaveTextContent(/return address outside this site/);
      for (const name of ['Approve', 'Decline', 'Cancel']) {
        expect(screen.getByRole('button', { name })).toBeDisabled();
      }
      expect(api.callsTo(DECISION)).toHaveLength(0);
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('says so when the session token is wrong, without touching the Ferry session', async () => {
    signInAs();
    const api = serve({ [INQUIRY]: fail(401, 'Invalid session token') });
    renderPage(pagePath('/verify/identity', 'wrong'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/session token for this check is wrong/);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(getStored('session')).not.toBeNull();
    expect(api.navigate).not.toHaveBeenCalled();
  });

  it('says so when there is no session token at all', async () => {
    const api = serve({ [INQUIRY]: ok(person) });
    renderPage(pagePath('/verify/identity', null));
    expect(screen.getByRole('alert')).toHaveTextContent(/no session token/);
    expect(api.callsTo(INQUIRY)).toHaveLength(0);
  });

  it('says so for an unknown inquiry', async () => {
    serve({ [INQUIRY]: fail(404, 'Not found') });
    renderPage(pagePath('/verify/identity'));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no identity check with this id.');
  });

  it('shows the server’s message when the inquiry was decided meanwhile', async () => {
    serve({ [INQUIRY]: ok(person), [DECISION]: fail(409, 'This inquiry has already been decided.') });
    renderPage(pagePath('/verify/identity'));
    await screen.findByText('Ada Lovelace');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This inquiry has already been decided.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not offer decisions on an inquiry already decided', async () => {
    serve({ [INQUIRY]: ok({ ...person, status: 'APPROVED' }) });
    renderPage(pagePath('/verify/identity'));
    expect(await screen.findByText('This check has already been decided.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });
});
