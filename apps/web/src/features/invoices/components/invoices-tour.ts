import type { TourStep } from '@/lib/guided-tour';

/** The Invoices tab's tour targets (`data-tour` attributes). */
export const INVOICES_TOUR_TARGETS = {
  create: 'invoices-create',
  summary: 'invoices-summary',
  tools: 'invoices-tools',
  table: 'invoices-table',
} as const;

const target = (name: keyof typeof INVOICES_TOUR_TARGETS) => `[data-tour="${INVOICES_TOUR_TARGETS[name]}"]`;

/**
 * The invoices tour (spec 002 §2 'Guided tours'): creating an invoice, the summary cards, search and
 * filters, and the list (a row opens the invoice with its PDF, payments and Mark as Paid). A step whose
 * target is not on the page (no 'Create invoice' for who may only view) is skipped.
 */
export const INVOICES_TOUR_STEPS: TourStep[] = [
  {
    element: target('create'),
    popover: {
      title: 'Create an invoice',
      description:
        'Bill a customer: pick or add the customer, add the lines, and save it — or save and send it as a payment request.',
      side: 'bottom',
      align: 'end',
    },
  },
  {
    element: target('summary'),
    popover: {
      title: 'What you are owed',
      description:
        'The total outstanding, what falls due in the next 7 days and what is overdue. Click a card to see those invoices.',
      side: 'bottom',
      align: 'start',
    },
  },
  {
    element: target('tools'),
    popover: {
      title: 'Find an invoice',
      description: 'Search by number or customer, and filter by status or due date.',
      side: 'bottom',
      align: 'end',
    },
  },
  {
    element: target('table'),
    popover: {
      title: 'Open an invoice',
      description:
        'Click a row to open the invoice: its PDF, its payments, the payment request, and Mark as Paid when it was paid outside Ferry.',
      side: 'top',
      align: 'start',
    },
  },
];
