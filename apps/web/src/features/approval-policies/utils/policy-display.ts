import type { ApprovalConditionOperator, PolicyStageView, PolicyView } from '@ferry/domain';
import { formatMoney, toCents } from '@ferry/domain';

/** The amount condition's operators as the editor and the cards name them. */
export const OPERATOR_LABELS: Record<ApprovalConditionOperator, string> = {
  lessThan: 'Less than',
  greaterThan: 'Greater than',
  inBetween: 'In between',
};

/** A policy amount (dollars, as the API answers) as money: 1000 → '$1,000.00'. */
export const formatPolicyAmount = (dollars: number | null | undefined): string => {
  if (dollars === null || dollars === undefined) return '—';
  try {
    return formatMoney(toCents(dollars));
  } catch {
    return String(dollars);
  }
};

type AmountCondition = NonNullable<PolicyView['conditions']['amount']>;

/** 'Bill amount greater than $1,000.00', 'less than', 'between $X and $Y'. */
export const describeAmountCondition = (amount: AmountCondition): string => {
  switch (amount.operator) {
    case 'lessThan':
      return `Bill amount less than ${formatPolicyAmount(amount.max_value)}`;
    case 'greaterThan':
      return `Bill amount greater than ${formatPolicyAmount(amount.min_value)}`;
    case 'inBetween':
      return `Bill amount between ${formatPolicyAmount(amount.min_value)} and ${formatPolicyAmount(amount.max_value)}`;
  }
};

/** Vendors named before '… or 3 more'. */
const VENDORS_SHOWN = 3;

/** 'Vendor is Harbor Supplies', 'Vendor is Harbor Supplies or Acme', 'Vendor is A, B, C or 2 more'. */
export const describeVendorCondition = (labels: readonly string[]): string => {
  if (labels.length <= 1) return `Vendor is ${labels[0] ?? '—'}`;
  if (labels.length <= VENDORS_SHOWN)
    return `Vendor is ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
  return `Vendor is ${labels.slice(0, VENDORS_SHOWN).join(', ')} or ${labels.length - VENDORS_SHOWN} more`;
};

/** 'Anyone of', 'All of', '2 of' (spec 001 §3 criteria, QUORUM with its number). */
export const describeCriteria = (
  stage: Pick<PolicyStageView, 'approvalRequiredFrom' | 'minApprovals'>,
): string => {
  switch (stage.approvalRequiredFrom) {
    case 'ANYONE':
      return 'Anyone of';
    case 'ALL':
      return 'All of';
    case 'QUORUM':
      return `${stage.minApprovals ?? 2} of`;
  }
};

/** 'Stage 1 · Anyone of'. */
export const describeStage = (stage: PolicyStageView, index: number): string =>
  `Stage ${index + 1} · ${describeCriteria(stage)}`;
