import type { TourStep } from '@/lib/guided-tour';

/** The home tour (spec 000 §2 'Guided tours'): the switcher, the setup checklist, the navigation, the account. */
export const HOME_TOUR_STEPS: TourStep[] = [
  {
    popover: {
      title: 'Welcome to Ferry',
      description: 'A quick look around your dashboard. It takes less than a minute.',
    },
  },
  {
    element: '[data-tour="setup-progress"]',
    popover: {
      title: 'Finish setting up',
      description:
        'Verify your business, link a bank, connect your accounting software and add your first contact.',
      side: 'top',
      align: 'start',
    },
  },
  {
    element: '[data-tour="business-switcher"]',
    popover: {
      title: 'Switch businesses',
      description: 'Run more than one business? Switch between them here, or add another.',
      side: 'bottom',
      align: 'start',
    },
  },
  {
    element: 'nav[aria-label="Main"]',
    popover: {
      title: 'Pay and get paid',
      description:
        'Bills and vendors are under Pay, invoices and customers under Get Paid, and your team and banks under Settings.',
      side: 'right',
      align: 'start',
    },
  },
  {
    element: '[data-slot="user-menu"]',
    popover: {
      title: 'Your account',
      description: 'Change your password or sign out from here.',
      side: 'bottom',
      align: 'end',
    },
  },
];
