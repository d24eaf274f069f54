import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { makeCompany } from '../testing/books';
import { browserLocation } from '../utils/browser-location';
import { SandboxBooksConsentPage } from './sandbox-books-consent-page';

vi.setConfig({ testTimeout: 20_000 });

const CONSENT = 'GET /sandbox/books/consent';
const DECIDE = 'POST /sandbox/books/consent';
const COMPANIES = 'POST /sandbox/books/companies';
const REDIRECT = '/api/integration/callback?code=abc&state=st-1';

const query = { providerType: 'QBO', state: 'st-1', redirectUri: '/api/integration/callback' };

const pagePath = (purpose: 'CONNECT' | 'SIGN_IN') =>
  `/sandbox/books/authorize?${new URLSearchParams({ ...query, purpose }).toString()}`;

const consent = (purpose: 'CONNECT' | 'SIGN_IN', companies = [makeCompany()]) =>
  ok({ providerType: 'QBO', providerName: 'QuickBooks Online', purpose, companies });

const renderPage = (purpose: 'CONNECT' | 'SIGN_IN' = 'CONNECT') =>
  renderRoutes(
    [{ path: '/sandbox/books/authorize', element: <SandboxBooksConsentPage /> }],
    pagePath(purpose),
  );

let assign: Mock<(url: string) => void>;

beforeEach(() => {
  signInAs(makeUserProfile());
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});

describe('Sandbox Books consent page (CONNECT)', () => {
  it('says which provider it stands in for, focuses its heading and lists the companies', async () => {
    const api = mockApi({
      [CONSENT]: consent('CONNECT', [makeCompany(), makeCompany({ id: 'company-2', name: 'Beta Books' })]),
    });
    renderPage();

    const heading = screen.getByRole('heading', { level: 1, name: 'Ferry wants to connect to your books' });
    expect(heading).toHaveFocus();
    expect(await screen.findByText('Sandbox Books — standing in for QuickBooks Online')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Acme Books/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Beta Books/ })).not.toBeChecked();
    expect(screen.getByRole('list', { name: 'What Ferry will be able to do' })).toHaveTextContent(
      'Record bill and invoice payments',
    );
    const [sent] = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(Object.fromEntries(sent?.searchParams ?? [])).toEqual({ ...query, purpose: 'CONNECT' });
  });

  it('Allow posts the chosen company, then goes to the redirectUrl', async () => {
    const api = mockApi({
      [CONSENT]: consent('CONNECT', [makeCompany(), makeCompany({ id: 'company-2', name: 'Beta Books' })]),
      [DECIDE]: ok({ redirectUrl: REDIRECT }),
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Please choose a company.')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /Beta Books/ }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(api.bodiesOf(DECIDE)).toEqual([
      { ...query, purpose: 'CONNECT', decision: 'ALLOW', companyIds: ['company-2'] },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Returning you to Ferry');
  });

  it('chooses the only company without asking', async () => {
    const api = mockApi({ [CONSENT]: consent('CONNECT'), [DECIDE]: ok({ redirectUrl: REDIRECT }) });
    renderPage();
    expect(await screen.findByRole('radio', { name: /Acme Books/ })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(api.bodiesOf(DECIDE)).toEqual([
      { ...query, purpose: 'CONNECT', decision: 'ALLOW', companyIds: ['company-1'] },
    ]);
  });

  it('Deny posts DENY and goes back too', async () => {
    const denied = '/api/integration/callback?error=access_denied&state=st-1';
    const api = mockApi({ [CONSENT]: consent('CONNECT'), [DECIDE]: ok({ redirectUrl: denied }) });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(denied));
    expect(api.bodiesOf(DECIDE)).toEqual([
      { ...query, purpose: 'CONNECT', decision: 'DENY', companyIds: [] },
    ]);
  });

  it('creates a sample company and chooses it', async () => {
    let companies: ReturnType<typeof makeCompany>[] = [];
    const created = makeCompany({ id: 'company-9', name: 'Sample Company' });
    const api = mockApi({
      [CONSENT]: () => consent('CONNECT', companies),
      [COMPANIES]: () => {
        companies = [created];
        return ok(created, { status: 201 });
      },
    });
    renderPage();
    const user = userEvent.setup();

    expect(await screen.findByText(/You have no companies yet/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New company name' })).toHaveValue('Sample Company');
    await user.click(screen.getByRole('button', { name: 'Create a sample company' }));

    expect(await screen.findByRole('radio', { name: /Sample Company/ })).toBeChecked();
    expect(api.bodiesOf(COMPANIES)).toEqual([{ name: 'Sample Company', sample: true }]);
  });

  it('shows the server message when the decision fails', async () => {
    mockApi({
      [CONSENT]: consent('CONNECT'),
      [DECIDE]: fail(400, 'This connection link has expired. Please connect again.'),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This connection link has expired. Please connect again.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
  });

  it('shows the server field error on the companies', async () => {
    mockApi({
      [CONSENT]: consent('CONNECT'),
      [DECIDE]: fail(400, 'Validation failed', {
        errors: [{ field: 'companyIds', message: 'Please choose a company you own.' }],
      }),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Please choose a company you own.')).toBeInTheDocument();
  });

  it('says so when the link is incomplete', () => {
    mockApi({});
    renderRoutes(
      [{ path: '/sandbox/books/authorize', element: <SandboxBooksConsentPage /> }],
      '/sandbox/books/authorize?providerType=QBO',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This consent link is incomplete');
  });
});

describe('Sandbox Books consent page (SIGN_IN)', () => {
  it('needs a valid email, then posts it', async () => {
    const api = mockApi({ [CONSENT]: consent('SIGN_IN', []), [DECIDE]: ok({ redirectUrl: REDIRECT }) });
    renderPage('SIGN_IN');
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Ferry' })).toHaveFocus();
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(api.bodiesOf(DECIDE)).toEqual([
      { ...query, purpose: 'SIGN_IN', decision: 'ALLOW', companyIds: [], email: 'ada@acme.test' },
    ]);
  });

  it('Deny posts DENY without an email', async () => {
    const api = mockApi({ [CONSENT]: consent('SIGN_IN', []), [DECIDE]: ok({ redirectUrl: REDIRECT }) });
    renderPage('SIGN_IN');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(api.bodiesOf(DECIDE)).toEqual([
      { ...query, purpose: 'SIGN_IN', decision: 'DENY', companyIds: [] },
    ]);
  });
});
