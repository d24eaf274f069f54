import { escapeHtml, mailLayout, type RenderedMail } from './templates.js';

/** Mails of the business bank accounts (issue 6): micro-deposits, reconnects, vendor bank changes. */

const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(text)}</p>`;
const note = (text: string) =>
  `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">${escapeHtml(text)}</p>`;

function linkMail(options: {
  subject: string;
  lines: string[];
  link: string | null;
  action: string;
  footer?: string;
}): RenderedMail {
  const text = [
    'Hi,',
    '',
    ...options.lines.flatMap((line) => [line, '']),
    ...(options.link ? [`${options.action}: ${options.link}`, ''] : []),
    ...(options.footer ? [options.footer] : []),
  ].join('\n');
  const html = mailLayout({
    title: options.subject,
    bodyHtml: [
      paragraph('Hi,'),
      ...options.lines.map(paragraph),
      options.link ? button(options.link, options.action) : '',
      options.link ? note(`Or paste this link into your browser: ${options.link}`) : '',
      options.footer ? note(options.footer) : '',
    ].join(''),
  });
  return { subject: options.subject, text, html };
}

const bankLabel = (bankName: string, mask: string) => `${bankName} account ending in ${mask}`;

/** The micro-deposits reached the bank: enter the amounts to verify it. */
export function renderDepositsSentMail(options: {
  businessName: string;
  bankName: string;
  accountMask: string;
  expiresOn: string;
  link: string;
}): RenderedMail {
  return linkMail({
    subject: `Verify your ${options.bankName} account on Ferry`,
    lines: [
      `We sent two small deposits (under $1.00 each) and one matching withdrawal to the ${bankLabel(options.bankName, options.accountMask)} of ${options.businessName}. They have now reached the bank.`,
      'Look for them on your bank statement or in your online banking, then enter the two deposited amounts in Ferry to verify the account.',
      `The amounts can be entered until ${options.expiresOn}. After 3 wrong tries, verification fails.`,
    ],
    link: options.link,
    action: 'Enter the deposited amounts',
    footer: 'Ferry will never ask you for the amounts by phone or email.',
  });
}

/** A reminder: the deposits arrived days ago and have not been entered yet. */
export function renderVerificationPendingMail(options: {
  businessName: string;
  bankName: string;
  accountMask: string;
  expiresOn: string;
  link: string;
}): RenderedMail {
  return linkMail({
    subject: `Your ${options.bankName} account is still waiting for verification`,
    lines: [
      `The micro-deposits to the ${bankLabel(options.bankName, options.accountMask)} of ${options.businessName} arrived a few days ago, but the amounts have not been entered yet.`,
      `Enter them before ${options.expiresOn} to finish verifying the account; after that date the verification expires and the bank has to be added again.`,
    ],
    link: options.link,
    action: 'Verify the bank account',
  });
}

/** Micro-deposit verification failed: too many wrong tries, or it expired. */
export function renderVerificationFailedMail(options: {
  businessName: string;
  bankName: string;
  accountMask: string;
  reason: 'ATTEMPTS_EXHAUSTED' | 'EXPIRED';
  link: string;
}): RenderedMail {
  const why =
    options.reason === 'EXPIRED'
      ? 'The deposited amounts were not entered within 14 days of their arrival, so the verification has expired.'
      : 'The deposited amounts were entered incorrectly 3 times, so the verification has failed.';
  return linkMail({
    subject: `Verification of your ${options.bankName} account failed`,
    lines: [
      `${why} (${bankLabel(options.bankName, options.accountMask)}, ${options.businessName}.)`,
      'Bank account verification has failed. Please add another bank account, or connect and verify this one instantly by signing in to your bank.',
    ],
    link: options.link,
    action: 'Go to your bank accounts',
  });
}

/** An instantly linked bank needs its owner to sign in again. */
export function renderReconnectNeededMail(options: {
  businessName: string;
  bankName: string;
  accountMask: string;
  link: string;
}): RenderedMail {
  return linkMail({
    subject: `Reconnect your ${options.bankName} account on Ferry`,
    lines: [
      `Ferry lost access to the ${bankLabel(options.bankName, options.accountMask)} of ${options.businessName}: the bank needs you to sign in again (for example after a password change, or because access was revoked).`,
      'Until you reconnect it, Ferry cannot check its balance or send instant payments from it.',
    ],
    link: options.link,
    action: 'Reconnect bank account',
  });
}

export type VendorBankChange = 'ADDED' | 'VERIFIED' | 'PRIMARY_CHANGED' | 'REMOVED';

const CHANGE_TEXT: Record<VendorBankChange, string> = {
  ADDED: 'added a bank account',
  VERIFIED: 'verified a bank account',
  PRIMARY_CHANGED: 'changed its primary bank account',
  REMOVED: 'removed a bank account',
};

/** Tells a payer's admins that a vendor on the Ferry network changed its own bank details. */
export function renderVendorBankChangedMail(options: {
  vendorName: string;
  payerBusinessName: string;
  change: VendorBankChange;
  bankName: string;
  accountMask: string;
  holdUntil: string;
  link: string;
}): RenderedMail {
  return linkMail({
    subject: `${options.vendorName} changed its bank details on Ferry`,
    lines: [
      `Your vendor ${options.vendorName} ${CHANGE_TEXT[options.change]} on Ferry (${bankLabel(options.bankName, options.accountMask)}).`,
      `For your protection, the next payment from ${options.payerBusinessName} to this bank account is held until ${options.holdUntil}.`,
      'If you did not expect this change, contact the vendor by a phone number you already know before paying.',
    ],
    link: options.link,
    action: 'Review the vendor',
  });
}

/** The sandbox bank's own statement alert (it stands in for a real bank's mail). */
export function renderSandboxStatementAlertMail(options: {
  bankName: string;
  holderName: string;
  accountMask: string;
  lines: { description: string; amount: string }[];
}): RenderedMail {
  const subject = `Sandbox Bank alert: new activity on your ${options.bankName} account ending in ${options.accountMask}`;
  const text = [
    `Hello ${options.holderName},`,
    '',
    `These transactions posted to your ${options.bankName} account ending in ${options.accountMask}:`,
    '',
    ...options.lines.map((line) => `  ${line.amount}  ${line.description}`),
    '',
    'This message comes from the Ferry sandbox bank (test money only).',
  ].join('\n');
  const rows = options.lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 12px 4px 0;font-family:monospace">${escapeHtml(line.amount)}</td><td style="padding:4px 0">${escapeHtml(line.description)}</td></tr>`,
    )
    .join('');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      paragraph(`Hello ${options.holderName},`),
      paragraph(
        `These transactions posted to your ${options.bankName} account ending in ${options.accountMask}:`,
      ),
      `<table role="presentation" style="margin:0 0 16px;font-size:15px">${rows}</table>`,
      note('This message comes from the Ferry sandbox bank (test money only).'),
    ].join(''),
  });
  return { subject, text, html };
}
