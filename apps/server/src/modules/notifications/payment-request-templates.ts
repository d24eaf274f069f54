import { formatDate, formatMoney } from '@ferry/domain/format';
import {
  escapeHtml,
  mailButton,
  mailDetailsHtml,
  mailLayout,
  pasteLinkHtml,
  type RenderedMail,
} from './templates.js';

/**
 * Mails to a customer about a payment request a business sent them on Ferry (Get Paid, issue 19): the
 * request, its reminders and its withdrawal. Each names the sender, the invoice, the amount and the due
 * date; the request and reminder mails link to the customer's For Review list — or, for a customer not on
 * Ferry (a guest), to its guest link where it pays without an account.
 */

export type PaymentRequestMailKind = 'REQUESTED' | 'REMINDER' | 'CANCELLED';

export interface PaymentRequestMailInput {
  kind: PaymentRequestMailKind;
  senderName: string;
  refNo: string;
  /** The invoice total. */
  amountCents: number;
  /** What is left to pay (reminders show it when part was paid). */
  balanceCents: number;
  dueDate: string;
  /** The business date today ('YYYY-MM-DD', New York): reminders say due soon, today or overdue. */
  today: string;
  /** The For Review list of the customer's business, or a guest's link (requests and reminders). */
  link: string;
  /** The customer is not on Ferry: it pays from its guest link, without an account. */
  guest?: boolean;
  /** The sender's note when withdrawing. */
  remarks?: string | null;
}

function reminderIntro(input: PaymentRequestMailInput): string {
  const due = formatDate(input.dueDate);
  if (input.dueDate === input.today) return `Invoice ${input.refNo} from ${input.senderName} is due today.`;
  if (input.dueDate < input.today) {
    return `Invoice ${input.refNo} from ${input.senderName} was due on ${due} and is still open.`;
  }
  return `Invoice ${input.refNo} from ${input.senderName} is due on ${due}.`;
}

export function renderPaymentRequestMail(input: PaymentRequestMailInput): RenderedMail {
  const amount = formatMoney(input.amountCents);
  const due = formatDate(input.dueDate);
  const partlyPaid = input.balanceCents < input.amountCents;
  let subject: string;
  let lines: string[];
  let details: [string, string][];
  let action: string | null = input.guest ? 'Pay now' : 'Review payment request';
  switch (input.kind) {
    case 'REQUESTED':
      subject = `Payment request from ${input.senderName}`;
      lines = [
        `${input.senderName} sent you a payment request of ${amount} for invoice ${input.refNo}, due on ${due}.`,
        input.guest
          ? 'Pay it online from your bank account or card with the link below: no Ferry account is needed.'
          : 'Review it in Ferry under Bills › For Review, then pay it from your bank account or card.',
      ];
      details = [
        ['From', input.senderName],
        ['Invoice', input.refNo],
        ['Amount', amount],
        ['Due date', due],
      ];
      break;
    case 'REMINDER':
      subject = `Reminder: payment request from ${input.senderName}`;
      lines = [
        reminderIntro(input),
        input.guest
          ? 'Pay it online with the link below.'
          : 'Review it in Ferry under Bills › For Review to pay it.',
      ];
      details = [
        ['From', input.senderName],
        ['Invoice', input.refNo],
        ['Amount', amount],
        ...(partlyPaid ? ([['Left to pay', formatMoney(input.balanceCents)]] as [string, string][]) : []),
        ['Due date', due],
      ];
      break;
    case 'CANCELLED':
      subject = `${input.senderName} withdrew a payment request`;
      lines = [
        `${input.senderName} withdrew its payment request of ${amount} for invoice ${input.refNo}. You do not need to pay it through Ferry.`,
        ...(input.remarks?.trim() ? [`Note from ${input.senderName}: ${input.remarks.trim()}`] : []),
      ];
      details = [
        ['From', input.senderName],
        ['Invoice', input.refNo],
        ['Amount', amount],
      ];
      action = null;
      break;
  }
  const footer = `If you do not know ${input.senderName}, you can ignore this email.`;
  const text = [
    'Hi,',
    '',
    ...lines.flatMap((line) => [line, '']),
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(action ? [`${action}: ${input.link}`, ''] : []),
    footer,
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      '<p style="margin:0 0 16px;font-size:16px">Hi,</p>',
      ...lines.map((line) => `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(line)}</p>`),
      mailDetailsHtml(details),
      action ? mailButton(input.link, action) : '',
      action ? pasteLinkHtml(input.link) : '',
      `<p style="margin:0;font-size:14px;color:#5c6b7e">${escapeHtml(footer)}</p>`,
    ].join(''),
  });
  return { subject, text, html };
}
