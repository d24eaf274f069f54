import type { TourStep } from '@/lib/guided-tour';

/** The page's tour targets (`data-tour` attributes on the Approvals tab). */
export const APPROVALS_TOUR_TARGETS = {
  summary: 'approvals-summary',
  views: 'approvals-views',
  table: 'approvals-table',
  bulk: 'approvals-bulk',
  delegation: 'approvals-delegation',
} as const;

const target = (name: keyof typeof APPROVALS_TOUR_TARGETS) => `[data-tour="${APPROVALS_TOUR_TARGETS[name]}"]`;

/**
 * The approvals tour (spec 002 §2 'Guided tours'; the Approvals tab): the counts, the views, the list (a row
 * opens the payment with its approval log and Approve / Reject), 'Approve selected' and 'Away from work?'.
 * A step whose target is not on the page (no boxes for who may only view, no delegation card) is skipped.
 */
export const APPROVALS_TOUR_STEPS: TourStep[] = [
  {
    element: target('summary'),
    popover: {
      title: 'Your approvals at a glance',
      description:
        'Each card shows how much is waiting for you, waiting for other approvers, approved and rejected, and how many payments that is. Click a card to see them.',
      side: 'bottom',
      align: 'start',
    },
  },
  {
    element: target('views'),
    popover: {
      title: 'Switch views',
      description: 'Move between payments awaiting you, awaiting others, approved and rejected.',
      side: 'bottom',
      align: 'start',
    },
  },
  {
    element: target('table'),
    popover: {
      title: 'Open a payment',
      description:
        'Click a row to open the payment. Its approval log is there, with the Approve and Reject buttons when it is your turn.',
      side: 'top',
      align: 'start',
    },
  },
  {
    element: target('bulk'),
    popover: {
      title: 'Approve several at once',
      description:
        'Tick the payments that are yours to approve, then choose Approve selected to approve them together.',
      side: 'right',
      align: 'start',
    },
  },
  {
    element: target('delegation'),
    popover: {
      title: 'Away from work?',
      description:
        'Name a delegate to approve in your place while you are away. Their decisions show in the approval log on your behalf.',
      side: 'top',
      align: 'start',
    },
  },
];
