export interface BotCheckResult {
  ok: boolean;
  /** Why it failed, for logs only. */
  reason?: string;
}

/** Verifies the bot-check token the browser attached to a sensitive call. */
export interface BotCheckProvider {
  readonly name: string;
  verify(options: { token: string; action?: string; remoteIp?: string }): Promise<BotCheckResult>;
}

/** The token the sandbox refuses, so tests can exercise the failure path. */
export const SANDBOX_REJECT_TOKEN = 'sandbox-reject';
