import { BANK_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { getReconnectToken, useReconnectBank } from '../api/bank-link';
import type { BankAccountView, LinkToken } from '../api/schemas';
import { getBankName } from '../utils/bank-status';
import { BankConnectingDialog } from './bank-connecting-dialog';
import { PlaidLinkLauncher } from './plaid-link-launcher';
import { ReconnectFailedDialog } from './reconnect-failed-dialog';
import { type BankLinkSuccess, SandboxBankLinkModal } from './sandbox-bank-link-modal';

export type BankReconnect = {
  start: (bank: BankAccountView) => void;
  /** The bank whose reconnect is being prepared or run. */
  pendingBankId: string | null;
  dialogs: ReactNode;
};

/**
 * Reconnecting an expired instant bank (spec 002 §4): an update-mode link token (`reconnect-url`), the
 * provider's link in update mode, then `POST reconnect`. Any failure opens 'Bank reconnect failed' (the
 * account is treated as a manual bank until reconnected); closing the link changes nothing.
 */
export const useBankReconnect = ({
  businessId,
  onAddAnother,
}: {
  businessId: string;
  onAddAnother: () => void;
}): BankReconnect => {
  const [bank, setBank] = useState<BankAccountView | null>(null);
  const [link, setLink] = useState<LinkToken | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const reconnect = useReconnectBank(businessId);
  const busy = useRef(false);

  const fail = () => {
    busy.current = false;
    setLink(null);
    setConnecting(false);
    setDone(false);
    setBank(null);
    setFailed(true);
  };

  const start = useCallback(
    (target: BankAccountView) => {
      if (busy.current) return;
      busy.current = true;
      setBank(target);
      getReconnectToken(businessId, target.id).then(setLink, () => {
        busy.current = false;
        setBank(null);
        setFailed(true);
      });
    },
    [businessId],
  );

  const onSuccess = ({ publicToken }: BankLinkSuccess) => {
    const target = bank;
    setLink(null);
    if (!target) return;
    setConnecting(true);
    setDone(false);
    reconnect.mutate(
      { bankAccountId: target.id, publicToken },
      {
        onSuccess: (result) => {
          if (result.status === 'VERIFIED') setDone(true);
          else fail();
        },
        onError: fail,
      },
    );
  };

  const exit = () => {
    busy.current = false;
    setLink(null);
    setBank(null);
  };

  const finished = () => {
    busy.current = false;
    setConnecting(false);
    setDone(false);
    setBank(null);
    notifications.show({ color: 'teal', title: 'Bank reconnected', message: BANK_MESSAGES.reconnected });
  };

  const institution = bank ? { id: bank.bankDetails.institutionId ?? '', name: getBankName(bank) } : null;

  const dialogs = (
    <>
      {link?.provider === 'sandbox' && bank ? (
        <SandboxBankLinkModal
          opened
          linkToken={link.linkToken}
          institution={institution?.id ? institution : null}
          onSuccess={onSuccess}
          onDenied={fail}
          onExit={exit}
        />
      ) : null}
      {link?.provider === 'plaid' && bank ? (
        <PlaidLinkLauncher token={link.linkToken} onSuccess={onSuccess} onExit={exit} onError={fail} />
      ) : null}
      <BankConnectingDialog opened={connecting} isDone={done} onFinished={finished} />
      <ReconnectFailedDialog
        opened={failed}
        onClose={() => setFailed(false)}
        onAddAnother={() => {
          setFailed(false);
          onAddAnother();
        }}
      />
    </>
  );

  return { start, pendingBankId: bank?.id ?? null, dialogs };
};
