/** Mail and SMS texts. Every template gives text and HTML; values are escaped in the HTML. */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The shared frame of every Ferry mail: a plain, accessible layout that renders without images. */
export function mailLayout(options: { title: string; bodyHtml: string }): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(options.title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f7fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f1b2d">',
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    '<tr><td>',
    '<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0b6477">Ferry</p>',
    options.bodyHtml,
    '<p style="margin:32px 0 0;font-size:12px;color:#5c6b7e">You received this message because of activity on your Ferry account. If this was not you, you can ignore it.</p>',
    '</td></tr></table></body></html>',
  ].join('');
}

export const mailButton = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

export const pasteLinkHtml = (link: string) =>
  `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">Or paste this link into your browser: <span style="word-break:break-all">${escapeHtml(link)}</span></p>`;

/** A two-column table of details (label, value) for a mail's HTML; values are escaped. */
export const mailDetailsHtml = (rows: readonly (readonly [string, string])[]): string =>
  [
    '<table role="presentation" style="margin:0 0 16px;font-size:14px;border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#5c6b7e;font-weight:400">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
  ].join('');

/** 'Hi Ana,' or 'Hi,' when the first name is not known. */
export const greetingOf = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

/**
 * An emailed invitation to join something (a business, a practice team): why, the accept link and its
 * button, the `/go` code as a fallback, how long it works, and what to do when it is unexpected.
 */
export function renderJoinInvitationMail(options: {
  subject: string;
  firstName: string;
  why: string;
  link: string;
  code: string | null;
  goLink: string;
  validHours: number;
  /** 'business' or 'practice': "If you do not know this …, you can ignore this email." */
  unknownSender: string;
}): RenderedMail {
  const greeting = greetingOf(options.firstName);
  const validity = `The invitation is valid for ${options.validHours} hours and can be used once.`;
  const ignore = `If you do not know this ${options.unknownSender}, you can ignore this email.`;
  const text = [
    greeting,
    '',
    options.why,
    '',
    'Open this link to accept the invitation:',
    '',
    options.link,
    ...(options.code ? ['', `Or go to ${options.goLink} and enter the code ${options.code}.`] : []),
    '',
    validity,
    ignore,
  ].join('\n');
  const html = mailLayout({
    title: options.subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(options.why)}</p>`,
      mailButton(options.link, 'Accept invitation'),
      pasteLinkHtml(options.link),
      options.code
        ? `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">You can also go to ${escapeHtml(options.goLink)} and enter the code <b>${escapeHtml(options.code)}</b>.</p>`
        : '',
      `<p style="margin:0;font-size:14px;color:#5c6b7e">${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`,
    ].join(''),
  });
  return { subject: options.subject, text, html };
}

/** A notice with one link: greeting, why, the button and the link to paste. */
export function renderLinkNoticeMail(options: {
  subject: string;
  firstName: string;
  why: string;
  link: string;
  buttonLabel: string;
}): RenderedMail {
  const greeting = greetingOf(options.firstName);
  const text = [greeting, '', options.why, '', options.link].join('\n');
  const html = mailLayout({
    title: options.subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(options.why)}</p>`,
      mailButton(options.link, options.buttonLabel),
      pasteLinkHtml(options.link),
    ].join(''),
  });
  return { subject: options.subject, text, html };
}

export type OtpPurpose =
  | 'EMAIL_VERIFICATION'
  | 'PHONE_VERIFICATION'
  | 'SIGN_IN'
  | 'CHANGE_PHONE'
  | 'GUEST_ACCESS';

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  EMAIL_VERIFICATION: 'verify your email address',
  PHONE_VERIFICATION: 'verify your mobile number',
  SIGN_IN: 'sign in',
  CHANGE_PHONE: 'confirm your new mobile number',
  GUEST_ACCESS: 'continue',
};

export function renderOtpMail(options: {
  code: string;
  purpose: OtpPurpose;
  validMinutes: number;
}): RenderedMail {
  const action = PURPOSE_TEXT[options.purpose];
  const subject = `Your Ferry verification code: ${options.code}`;
  const text = [
    `Your Ferry verification code is ${options.code}.`,
    '',
    `Enter it to ${action}. It expires in ${options.validMinutes} minutes and can be used once.`,
    'Ferry will never ask you for this code by phone or email.',
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">Enter this code to ${escapeHtml(action)}:</p>`,
      `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px">${escapeHtml(options.code)}</p>`,
      `<p style="margin:0;font-size:14px;color:#5c6b7e">It expires in ${options.validMinutes} minutes and can be used once. Ferry will never ask you for this code by phone or email.</p>`,
    ].join(''),
  });
  return { subject, text, html };
}

export function renderOtpSms(options: { code: string; purpose: OtpPurpose; validMinutes: number }): string {
  return `${options.code} is your Ferry code to ${PURPOSE_TEXT[options.purpose]}. It expires in ${options.validMinutes} minutes. Never share it.`;
}

/** The emailed "reset your password" link (POST /auth/forgot-password). */
export function renderPasswordResetMail(options: {
  firstName: string;
  link: string;
  validMinutes: number;
}): RenderedMail {
  const subject = 'Reset your Ferry password';
  const greeting = options.firstName.trim() ? `Hi ${options.firstName.trim()},` : 'Hi,';
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your Ferry account. Open this link to choose a new password:',
    '',
    options.link,
    '',
    `The link is valid for ${options.validMinutes} minutes and can be used once. Resetting your password signs you out everywhere.`,
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>`,
      '<p style="margin:0 0 16px;font-size:16px">We received a request to reset the password of your Ferry account.</p>',
      `<p style="margin:0 0 16px"><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">Reset password</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">Or paste this link into your browser: <span style="word-break:break-all">${escapeHtml(options.link)}</span></p>`,
      `<p style="margin:0;font-size:14px;color:#5c6b7e">The link is valid for ${options.validMinutes} minutes and can be used once. Resetting your password signs you out everywhere. If you did not ask for this, you can ignore this email: your password stays the same.</p>`,
    ].join(''),
  });
  return { subject, text, html };
}

/** Invites a control person or beneficial owner to verify their identity for a business. */
export function renderVerificationInvitationMail(options: {
  inviterName: string;
  businessName: string;
  role: 'control person' | 'beneficial owner';
  link: string;
  code: string | null;
  goLink: string;
}): RenderedMail {
  const subject = `${options.inviterName} asked you to verify your identity for ${options.businessName}`;
  const why = `${options.inviterName} listed you as a ${options.role} of ${options.businessName} on Ferry. Payments regulations require every ${options.role} to confirm their identity before the business can send and receive payments.`;
  const text = [
    'Hi,',
    '',
    why,
    '',
    'Open this link to accept and verify your identity (it takes a few minutes; have an ID document ready):',
    '',
    options.link,
    ...(options.code ? ['', `Or go to ${options.goLink} and enter the code ${options.code}.`] : []),
    '',
    'If you do not know this business, you can ignore this email.',
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      '<p style="margin:0 0 16px;font-size:16px">Hi,</p>',
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(why)}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">Verify my identity</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">Or paste this link into your browser: <span style="word-break:break-all">${escapeHtml(options.link)}</span></p>`,
      options.code
        ? `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">You can also go to ${escapeHtml(options.goLink)} and enter the code <b>${escapeHtml(options.code)}</b>.</p>`
        : '',
      '<p style="margin:0;font-size:14px;color:#5c6b7e">If you do not know this business, you can ignore this email.</p>',
    ].join(''),
  });
  return { subject, text, html };
}

/** Invites a vendor or customer to join the Ferry network (spec 002 "Invite to network"). */
export function renderNetworkInvitationMail(options: {
  inviterName: string;
  businessName: string;
  contactName: string;
  relation: 'vendor' | 'customer';
  link: string;
}): RenderedMail {
  const subject = `${options.businessName} invited you to Ferry`;
  const why =
    options.relation === 'vendor'
      ? `${options.inviterName} of ${options.businessName} pays you through Ferry and invited you to join. On Ferry you manage your own bank details and get paid faster.`
      : `${options.inviterName} of ${options.businessName} gets paid through Ferry and invited you to join. On Ferry you can pay their invoices by bank transfer or card.`;
  const text = [
    `Hi ${options.contactName},`,
    '',
    why,
    '',
    'Create your free account here:',
    '',
    options.link,
    '',
    'If you do not know this business, you can ignore this email.',
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(options.contactName)},</p>`,
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(why)}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">Join Ferry</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">Or paste this link into your browser: <span style="word-break:break-all">${escapeHtml(options.link)}</span></p>`,
      '<p style="margin:0;font-size:14px;color:#5c6b7e">If you do not know this business, you can ignore this email.</p>',
    ].join(''),
  });
  return { subject, text, html };
}
