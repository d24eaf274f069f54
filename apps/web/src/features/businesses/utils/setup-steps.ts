import { isBusinessFullyVerified, paths } from '@ferry/domain';
import { LIVE_AREAS } from '@/config/areas';
import type { Business } from '@/lib/businesses';

export type SetupStepState = 'done' | 'in-progress' | 'action-required' | 'to-do';

export type SetupStep = {
  key: 'verify-business' | 'link-bank' | 'connect-accounting' | 'add-contact';
  title: string;
  description: string;
  state: SetupStepState;
  /** A short word for the state ('Verified', 'In review', 'Not started'...). */
  stateLabel: string;
  links: { label: string; href: string }[];
};

/**
 * What the other areas report about a business's setup. Each is false until its area lands and
 * reports it (banking, accounting, contacts).
 */
export type SetupProgress = {
  hasBankAccount: boolean;
  hasAccountingConnection: boolean;
  hasContacts: boolean;
};

export const NO_SETUP_PROGRESS: SetupProgress = {
  hasBankAccount: false,
  hasAccountingConnection: false,
  hasContacts: false,
};

const verificationState = (business: Business): Pick<SetupStep, 'state' | 'stateLabel'> => {
  if (isBusinessFullyVerified(business.status)) return { state: 'done', stateLabel: 'Verified' };
  if (business.status === 'REJECTED') return { state: 'action-required', stateLabel: 'Action required' };
  if (business.status === 'SUBMITTED') return { state: 'in-progress', stateLabel: 'In review' };
  if (business.verificationStep !== 'NOT_INITIATED')
    return { state: 'in-progress', stateLabel: 'In progress' };
  return { state: 'to-do', stateLabel: 'Not started' };
};

type BusinessConnection = { integrationType?: unknown; status?: unknown };

/** `businessConnections[]{integrationType, status}` (spec 002 §3): an accounting connection CONNECTED. */
const hasConnectedAccounting = (business: Business): boolean => {
  const connections: unknown = business.businessConnections;
  return (
    Array.isArray(connections) &&
    connections.some(
      (connection: BusinessConnection) =>
        typeof connection?.integrationType === 'string' &&
        connection.integrationType.toUpperCase() === 'ACCOUNTING' &&
        connection.status === 'CONNECTED',
    )
  );
};

const simpleState = (done: boolean, doneLabel: string): Pick<SetupStep, 'state' | 'stateLabel'> =>
  done ? { state: 'done', stateLabel: doneLabel } : { state: 'to-do', stateLabel: 'Not started' };

/**
 * The home dashboard's setup checklist: verify the business, link a bank, connect accounting (once the
 * integrations area is live), add a contact.
 */
export const getSetupSteps = (business: Business, progress: SetupProgress = NO_SETUP_PROGRESS): SetupStep[] =>
  allSetupSteps(business, progress).filter(
    (step) => step.key !== 'connect-accounting' || LIVE_AREAS.integrations,
  );

const allSetupSteps = (business: Business, progress: SetupProgress): SetupStep[] => [
  {
    key: 'verify-business',
    title: 'Verify your business',
    description: 'Confirm your identity and your business details to unlock payments.',
    ...verificationState(business),
    links: [{ label: 'Verify business', href: paths.kybDetails(business.id) }],
  },
  {
    key: 'link-bank',
    title: 'Link a bank account',
    description: 'The account you pay vendors from and get paid into.',
    ...simpleState(progress.hasBankAccount, 'Linked'),
    links: [{ label: 'Link bank', href: paths.settingsBankAccount(business.id) }],
  },
  {
    key: 'connect-accounting',
    title: 'Connect accounting software',
    description: 'Sync vendors, customers, bills and invoices with your books.',
    ...simpleState(progress.hasAccountingConnection || hasConnectedAccounting(business), 'Connected'),
    links: [{ label: 'Connect accounting', href: paths.settingsIntegration(business.id) }],
  },
  {
    key: 'add-contact',
    title: 'Add your first vendor or customer',
    description: 'Pay a vendor or send an invoice to a customer.',
    ...simpleState(progress.hasContacts, 'Added'),
    links: [
      { label: 'Add vendor', href: paths.vendorAdd(business.id) },
      { label: 'Add customer', href: paths.customerAdd(business.id) },
    ],
  },
];

/** A business is new until it is verified: the home page shows it the welcome panel. */
export const isNewBusiness = (business: Business): boolean => !isBusinessFullyVerified(business.status);
