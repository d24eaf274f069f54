import {
  type BankAccountView,
  type BankLinkResult,
  bankAccountViewSchema,
  bankLinkResultSchema,
  type ChartAccountView,
  chartAccountViewSchema,
  type LinkTokenView,
  linkTokenViewSchema,
  type ReconnectResult,
  reconnectResultSchema,
  type SandboxStatementView,
  sandboxClockAdvanceViewSchema,
  sandboxStatementViewSchema,
} from '@ferry/domain';
import { z } from 'zod';

export type { BankAccountView, ReconnectResult };
/** The answers of the banking calls: the domain's schemas (issue 6 contract), named for this feature. */
export { bankAccountViewSchema, reconnectResultSchema };
export type BankLinkProvider = LinkTokenView['provider'];
export const bankLinkProviderSchema = linkTokenViewSchema.shape.provider;
/** `GET .../banking/connection/token` and `.../reconnect-url`. */
export const linkTokenSchema = linkTokenViewSchema;
export type LinkToken = LinkTokenView;
/** `GET .../banking/connection/plaid`. */
export const instantLinkResultSchema = bankLinkResultSchema;
export type InstantLinkResult = BankLinkResult;
export type ChartAccount = ChartAccountView;
export const chartAccountPageSchema = z.object({
  items: z.array(chartAccountViewSchema),
  total: z.number().optional(),
  pageNumber: z.number().optional(),
  pageSize: z.number().optional(),
});
export const sandboxStatementSchema = sandboxStatementViewSchema;
export type SandboxStatement = SandboxStatementView;
export const sandboxClockSchema = sandboxClockAdvanceViewSchema;

/** The sandbox bank-link provider (Ferry's own link modal). */
export const sandboxInstitutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullish(),
  primaryColor: z.string().nullish(),
  url: z.string().nullish(),
});
export type SandboxInstitution = z.infer<typeof sandboxInstitutionSchema>;

export const sandboxLinkAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  mask: z.string().nullish(),
  subtype: z.string().nullish(),
});
export type SandboxLinkAccount = z.infer<typeof sandboxLinkAccountSchema>;

export const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  accounts: z.array(sandboxLinkAccountSchema),
});

export const sandboxCompleteSchema = z.object({
  publicToken: z.string(),
  institution: z.object({ id: z.string(), name: z.string() }),
  accounts: z.array(sandboxLinkAccountSchema).default([]),
});
