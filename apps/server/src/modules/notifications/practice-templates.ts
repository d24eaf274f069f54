import { type RenderedMail, renderJoinInvitationMail } from './templates.js';

/** Invites a person to an accountant's practice team (spec 001 §2): the link, and the `/go` code as a fallback. */
export function renderPracticeInvitationMail(options: {
  inviteeFirstName: string;
  accountantName: string;
  practiceName: string;
  link: string;
  code: string | null;
  goLink: string;
  validHours: number;
}): RenderedMail {
  return renderJoinInvitationMail({
    subject: `${options.accountantName} invited you to join ${options.practiceName} on Ferry`,
    firstName: options.inviteeFirstName,
    why: `${options.accountantName} invited you to join the team of their accounting practice, ${options.practiceName}, on Ferry. As a team member you can work on the client businesses the practice adds you to.`,
    link: options.link,
    code: options.code,
    goLink: options.goLink,
    validHours: options.validHours,
    unknownSender: 'practice',
  });
}
