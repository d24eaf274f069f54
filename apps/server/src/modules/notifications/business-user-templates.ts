import { escapeHtml, mailLayout, type RenderedMail } from './templates.js';

const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

const pasteLink = (link: string) =>
  `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">Or paste this link into your browser: <span style="word-break:break-all">${escapeHtml(link)}</span></p>`;

const greetingOf = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

/**
 * Invites someone to a business with a role (the OTHER_USER invitation, spec 001 §1 "All other users
 * are added by emailed invitation"): the accept link, the `/go` code, who invited them, and for how long
 * the link works.
 */
export function renderBusinessUserInvitationMail(options: {
  firstName: string;
  inviterName: string;
  businessName: string;
  roleName: string;
  link: string;
  code: string | null;
  goLink: string;
  validHours: number;
}): RenderedMail {
  const subject = `${options.inviterName} invited you to ${options.businessName} on Ferry`;
  const greeting = greetingOf(options.firstName);
  const why = `${options.inviterName} invited you to join ${options.businessName} on Ferry as ${options.roleName}. When you accept, you get access according to that role.`;
  const validity = `The invitation is valid for ${options.validHours} hours and can be used once.`;
  const text = [
    greeting,
    '',
    why,
    '',
    'Open this link to accept the invitation:',
    '',
    options.link,
    ...(options.code ? ['', `Or go to ${options.goLink} and enter the code ${options.code}.`] : []),
    '',
    validity,
    'If you do not know this business, you can ignore this email.',
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(why)}</p>`,
      button(options.link, 'Accept invitation'),
      pasteLink(options.link),
      options.code
        ? `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">You can also go to ${escapeHtml(options.goLink)} and enter the code <b>${escapeHtml(options.code)}</b>.</p>`
        : '',
      `<p style="margin:0;font-size:14px;color:#5c6b7e">${escapeHtml(validity)} If you do not know this business, you can ignore this email.</p>`,
    ].join(''),
  });
  return { subject, text, html };
}

/** Tells a practice team member that their accountant added them to a client business. */
export function renderBusinessUserAddedMail(options: {
  firstName: string;
  inviterName: string;
  businessName: string;
  roleName: string;
  link: string;
}): RenderedMail {
  const subject = `${options.inviterName} added you to ${options.businessName} on Ferry`;
  const greeting = greetingOf(options.firstName);
  const why = `${options.inviterName} added you to ${options.businessName} on Ferry as ${options.roleName}. You can open the business now.`;
  const text = [greeting, '', why, '', options.link].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>`,
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(why)}</p>`,
      button(options.link, `Open ${options.businessName}`),
      pasteLink(options.link),
    ].join(''),
  });
  return { subject, text, html };
}
