import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { SandboxBankStatementPage } from './sandbox-bank-statement-page';

const statement = (transactions: unknown[], now = '2026-03-02T15:00:00.000Z') => ({
  bankName: 'Harbor Credit Union',
  accountMask: '6789',
  now,
  transactions,
});

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  signInAs(makeUserProfile());
  api = mockApi({
    'GET /sandbox/bank/statement': ok(
      statement([
        {
          id: 't1',
          postedAt: null,
          description: 'FERRY VERIFY',
          amount: 0.07,
          amountCents: 7,
          status: 'PENDING',
        },
        {
          id: 't2',
          postedAt: null,
          description: 'FERRY VERIFY',
          amount: 0.32,
          amountCents: 32,
          status: 'PENDING',
        },
        {
          id: 't3',
          postedAt: null,
          description: 'FERRY VERIFY REVERSAL',
          amount: -0.39,
          amountCents: -39,
          status: 'PENDING',
        },
      ]),
    ),
  });
});

describe('Sandbox bank statement (/sandbox/bank)', () => {
  it('shows the account, its pending credits and debit, and moves the sandbox clock', async () => {
    api.handlers['POST /sandbox/clock/advance'] = () => {
      api.handlers['GET /sandbox/bank/statement'] = ok(
        statement(
          [
            {
              id: 't1',
              postedAt: '2026-03-04',
              description: 'FERRY VERIFY',
              amount: 0.07,
              amountCents: 7,
              status: 'POSTED',
            },
          ],
          '2026-03-05T15:00:00.000Z',
        ),
      );
      return ok({ now: '2026-03-05T15:00:00.000Z', offsetMs: 259200000, date: '2026-03-05', settled: 3 });
    };
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/sandbox/bank', element: <SandboxBankStatementPage /> }],
      '/sandbox/bank?accountId=acc-9',
    );
    expect(await screen.findByRole('heading', { name: 'Harbor Credit Union' })).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText(/•••• 6789/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('+ $0.07')).toBeInTheDocument();
    expect(within(table).getByText('+ $0.32')).toBeInTheDocument();
    expect(within(table).getByText('− $0.39')).toBeInTheDocument();
    expect(within(table).getAllByText('Pending')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Advance 3 business days' }));
    expect(api.bodiesOf('POST /sandbox/clock/advance')).toEqual([{ businessDays: 3 }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Transactions' })).getByText('Posted'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByTestId('sandbox-now')).toHaveTextContent('Mar 05, 2026');
  });
});
