import type { Config } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import type { InvitationRow } from '../auth/tables.js';
import type { UserRow } from '../users/tables.js';

/** What accepting an invitation tells the browser: the business it concerns and where to go next. */
export interface InvitationAcceptResult {
  businessId?: string | null;
  redirectTo?: string | null;
}

export type InvitationKindContext = Pick<AppContext, 'config' | 'clock' | 'jobs' | 'database'>;

/**
 * One kind of emailed invitation or link (access spec §3 "Invitation types"). Later issues add their
 * kinds (practice, business user, payments, auto-pay, control person…) with `registerInvitationKind`.
 */
export interface InvitationKind {
  /** How long a link of this kind stays valid; default INVITATION_TTL_HOURS. */
  ttlMinutes?: number | ((config: Config) => number);
  /**
   * Whether the invitation screens may open it (verify by token or code, the pending list, accept).
   * False for links that only their own call consumes, like the password-reset link. Default true.
   */
  openable?: boolean;
  /** Whether the kind gets a short `/go?code=` code besides the link token. Default true. */
  withCode?: boolean;
  /** Kind-specific fields of `invitationData`; default: the invitation's `data`. */
  describe?(options: {
    db: DbOrTx;
    invitation: InvitationRow;
  }): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Runs inside the transaction that marks the invitation used (a throw rolls both back). Without it the
   * kind cannot be accepted through `POST /auth/invitation/{id}/accept`.
   */
  accept?(
    tx: Tx,
    invitation: InvitationRow,
    user: UserRow,
    context: InvitationKindContext,
  ): Promise<InvitationAcceptResult | undefined>;
}

const kinds = new Map<string, InvitationKind>();

/** Declares a kind; declaring the same type twice is a programming error. */
export function registerInvitationKind(type: string, kind: InvitationKind): void {
  if (kinds.has(type)) throw new Error(`invitation kind ${type} is already registered`);
  kinds.set(type, kind);
}

export function getInvitationKind(type: string): InvitationKind | undefined {
  return kinds.get(type);
}

/** The types the invitation screens may open. */
export function openableInvitationTypes(): string[] {
  return [...kinds.entries()].filter(([, kind]) => kind.openable !== false).map(([type]) => type);
}

export function invitationTtlMinutes(config: Config, kind: InvitationKind): number {
  const ttl = typeof kind.ttlMinutes === 'function' ? kind.ttlMinutes(config) : kind.ttlMinutes;
  return ttl ?? config.INVITATION_TTL_HOURS * 60;
}

export const FORGOT_PASSWORD = 'FORGOT_PASSWORD';

/** The password-reset link: only `PATCH /auth/reset-password` consumes it; it has no code. */
registerInvitationKind(FORGOT_PASSWORD, {
  ttlMinutes: (config) => config.PASSWORD_RESET_TTL_MINUTES,
  openable: false,
  withCode: false,
});
