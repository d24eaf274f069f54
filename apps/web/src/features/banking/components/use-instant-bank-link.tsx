import { BANK_MESSAGES, type BankLinkOutcome, isBlockedInstitution, MONEY_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ConnectionLoader } from '@/components/connection-loader';
import { PageLoader } from '@/components/page-loader';
import { getLinkToken, useConnectInstantBank } from '../api/bank-link';
import type { BankAccountView, LinkToken } from '../api/schemas';
import { messageOr } from '../utils/errors';
import { BankConnectingDialog } from './bank-connecting-dialog';
import { BankDeniedDialog } from './bank-denied-dialog';
import { PlaidLinkLauncher } from './plaid-link-launcher';
import { type BankLinkSuccess, SandboxBankLinkModal } from './sandbox-bank-link-modal';

export type InstantBankLinkOptions = {
  businessId: string;
  /** How the wait for the server is shown: the progress dialog (settings) or the connection loader (onboarding). */
  progress: 'dialog' | 'loader';
  /** SUCCESS: the accounts the server stored (next: 'Link Your Accounts'). */
  onLinked: (accounts: BankAccountView[]) => void;
};

export type InstantBankLink = {
  start: () => void;
  /** The last outcome (spec 002 §4: INIT_LOADER, CONNECTING, SUCCESS, FAILURE, BANK_DENIED, EXIT); null while linking. */
  outcome: BankLinkOutcome | null;
  /** The link token is being fetched: the instant option shows a loader and does nothing. */
  isStarting: boolean;
  /** The modals of the flow (provider link, progress dialog, denied dialog); render once. */
  dialogs: ReactNode;
  /** With `progress: 'loader'`, the connection loader to show in place of the page while connecting. */
  loader: ReactNode;
};

const notifyFailure = (message: string) =>
  notifications.show({ color: 'red', title: 'Bank not linked', message });

/** Shows the connection loader, then waits for the server if it has not answered yet. */
const LoaderGate = ({ isDone, onFinished }: { isDone: boolean; onFinished: () => void }) => {
  const [loaderDone, setLoaderDone] = useState(false);
  useEffect(() => {
    if (loaderDone && isDone) onFinished();
  }, [loaderDone, isDone, onFinished]);
  return loaderDone ? (
    <PageLoader label="Finishing the connection..." />
  ) : (
    <ConnectionLoader kind="bank" onFinish={() => setLoaderDone(true)} />
  );
};

/**
 * The instant bank link (spec 002 §2, §4): fetch a link token (INIT_LOADER), open the provider's link
 * (Ferry's sandbox modal or Plaid Link), refuse blocked institutions (BANK_DENIED), then exchange the public
 * token on the server (CONNECTING) behind the progress dialog or the connection loader, and hand the stored
 * accounts on (SUCCESS). A failure is toasted with the provider's message or 'Failed to link bank account'.
 */
export const useInstantBankLink = ({
  businessId,
  progress,
  onLinked,
}: InstantBankLinkOptions): InstantBankLink => {
  const [outcome, setOutcome] = useState<BankLinkOutcome | null>(null);
  const [link, setLink] = useState<LinkToken | null>(null);
  const [denied, setDenied] = useState<{ name: string | null } | null>(null);
  const [linked, setLinked] = useState<BankAccountView[] | null>(null);
  const connect = useConnectInstantBank(businessId);
  const onLinkedRef = useRef(onLinked);
  onLinkedRef.current = onLinked;
  const busy = useRef(false);
  const linkedRef = useRef<BankAccountView[] | null>(null);

  const start = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setOutcome('INIT_LOADER');
    setDenied(null);
    getLinkToken(businessId).then(
      (token) => {
        setLink(token);
        setOutcome(null);
      },
      (error: unknown) => {
        busy.current = false;
        setOutcome('FAILURE');
        notifyFailure(messageOr(error, MONEY_MESSAGES.linkBankFailed));
      },
    );
  }, [businessId]);

  const deny = (name: string | null) => {
    busy.current = false;
    setLink(null);
    setOutcome('BANK_DENIED');
    setDenied({ name });
  };

  const onSuccess = ({ publicToken, institution }: BankLinkSuccess) => {
    setLink(null);
    if (isBlockedInstitution(institution.id, institution.name)) {
      deny(institution.name || null);
      return;
    }
    setLinked(null);
    setOutcome('CONNECTING');
    connect.mutate(
      { publicToken, institutionId: institution.id },
      {
        onSuccess: (result) => {
          if (result.bankDenied) deny(institution.name || null);
          else {
            linkedRef.current = result.bankAccounts;
            setLinked(result.bankAccounts);
          }
        },
        onError: (error) => {
          busy.current = false;
          setOutcome('FAILURE');
          notifyFailure(messageOr(error, MONEY_MESSAGES.linkBankFailed));
        },
      },
    );
  };

  const finish = useCallback(() => {
    busy.current = false;
    const stored = linkedRef.current ?? [];
    linkedRef.current = null;
    setLinked(null);
    setOutcome('SUCCESS');
    notifications.show({ color: 'teal', title: 'Bank linked', message: BANK_MESSAGES.linked });
    onLinkedRef.current(stored);
  }, []);

  const exit = () => {
    busy.current = false;
    setLink(null);
    setOutcome('EXIT');
  };

  const dialogs = (
    <>
      {link?.provider === 'sandbox' ? (
        <SandboxBankLinkModal
          opened
          linkToken={link.linkToken}
          onSuccess={onSuccess}
          onDenied={(institution) => deny(institution.name)}
          onExit={exit}
        />
      ) : null}
      {link?.provider === 'plaid' ? (
        <PlaidLinkLauncher
          token={link.linkToken}
          onSuccess={onSuccess}
          onExit={exit}
          onError={(failure) => {
            busy.current = false;
            setLink(null);
            setOutcome('FAILURE');
            notifyFailure(failure.message || MONEY_MESSAGES.linkBankFailed);
          }}
        />
      ) : null}
      {progress === 'dialog' ? (
        <BankConnectingDialog
          opened={outcome === 'CONNECTING'}
          isDone={linked !== null}
          onFinished={finish}
        />
      ) : null}
      <BankDeniedDialog
        opened={denied !== null}
        institutionName={denied?.name ?? null}
        onClose={() => setDenied(null)}
        onTryAnother={start}
      />
    </>
  );

  const loader =
    progress === 'loader' && outcome === 'CONNECTING' ? (
      <LoaderGate isDone={linked !== null} onFinished={finish} />
    ) : null;

  return { start, outcome, isStarting: outcome === 'INIT_LOADER', dialogs, loader };
};
