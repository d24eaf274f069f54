import { escapeHtml, mailLayout, type RenderedMail } from './templates.js';

/** Mails of the accountant's practice (spec 001 §2 "Practice and team members"). */

const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(text)}</p>`;
const note = (text: string) =>
  `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

/** Invites a person to an accountant's practice team: the link, and the `/go` code as a fallback. */
export function renderPracticeInvitationMail(options: {
  inviteeFirstName: string;
  accountantName: string;
  practiceName: string;
  link: string;
  code: string | null;
  goLink: string;
  validHours: number;
}): RenderedMail {
  const subject = `${options.accountantName} invited you to join ${options.practiceName} on Ferry`;
  const greeting = options.inviteeFirstName ? `Hi ${options.inviteeFirstName},` : 'Hi,';
  const why = `${options.accountantName} invited you to join the team of their accounting practice, ${options.practiceName}, on Ferry. As a team member you can work on the client businesses the practice adds you to.`;
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
    'If you do not know this practice, you can ignore this email.',
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      paragraph(greeting),
      paragraph(why),
      button(options.link, 'Accept invitation'),
      note(`Or paste this link into your browser: ${options.link}`),
      options.code
        ? `<p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">You can also go to ${escapeHtml(options.goLink)} and enter the code <b>${escapeHtml(options.code)}</b>.</p>`
        : '',
      note(validity),
      note('If you do not know this practice, you can ignore this email.'),
    ].join(''),
  });
  return { subject, text, html };
}
