import { type RenderedMail, renderJoinInvitationMail, renderLinkNoticeMail } from './templates.js';

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
  return renderJoinInvitationMail({
    ...options,
    subject: `${options.inviterName} invited you to ${options.businessName} on Ferry`,
    why: `${options.inviterName} invited you to join ${options.businessName} on Ferry as ${options.roleName}. When you accept, you get access according to that role.`,
    unknownSender: 'business',
  });
}

/** Tells a practice team member that their accountant added them to a client business. */
export function renderBusinessUserAddedMail(options: {
  firstName: string;
  inviterName: string;
  businessName: string;
  roleName: string;
  link: string;
}): RenderedMail {
  return renderLinkNoticeMail({
    subject: `${options.inviterName} added you to ${options.businessName} on Ferry`,
    firstName: options.firstName,
    why: `${options.inviterName} added you to ${options.businessName} on Ferry as ${options.roleName}. You can open the business now.`,
    link: options.link,
    buttonLabel: `Open ${options.businessName}`,
  });
}
