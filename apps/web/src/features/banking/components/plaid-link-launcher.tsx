import { useEffect, useRef } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import type { BankLinkSuccess } from './sandbox-bank-link-modal';

export type PlaidLinkFailure = { code: string; message: string };

export type PlaidLinkLauncherProps = {
  token: string;
  onSuccess: (success: BankLinkSuccess) => void;
  /** Closed by the user (EXIT). */
  onExit: () => void;
  /** Plaid Link ended on an error, or its script could not load (FAILURE). */
  onError: (failure: PlaidLinkFailure) => void;
};

/**
 * Opens Plaid Link (the production bank-link provider) with a link token as soon as its script is ready,
 * and reports how it ended. Renders nothing: Plaid draws its own modal.
 */
export const PlaidLinkLauncher = ({ token, onSuccess, onExit, onError }: PlaidLinkLauncherProps) => {
  const handlers = useRef({ onSuccess, onExit, onError });
  handlers.current = { onSuccess, onExit, onError };
  const { open, ready, error } = usePlaidLink({
    token,
    onSuccess: (publicToken, metadata) => {
      if (!publicToken) {
        handlers.current.onError({ code: 'NO_PUBLIC_TOKEN', message: 'The bank did not return a link.' });
        return;
      }
      handlers.current.onSuccess({
        publicToken,
        institution: {
          id: metadata.institution?.institution_id ?? '',
          name: metadata.institution?.name ?? '',
        },
      });
    },
    onExit: (linkError) => {
      if (linkError) {
        handlers.current.onError({
          code: linkError.error_code,
          message: linkError.display_message || linkError.error_message,
        });
      } else handlers.current.onExit();
    },
  });
  const opened = useRef(false);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);
  useEffect(() => {
    if (error)
      handlers.current.onError({ code: 'SCRIPT_LOAD_FAILED', message: 'Plaid Link could not be loaded.' });
  }, [error]);
  return null;
};
