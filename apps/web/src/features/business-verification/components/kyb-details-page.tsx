import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { businessKeys } from '@/lib/businesses';
import { type BeneficialView, useBeneficialOwners } from '../api/get-beneficial-owners';
import { useVerificationForm, type VerificationFormView } from '../api/get-verification-form';
import { resolveReturnTarget } from '../utils/return-target';
import { getVerificationStatusView } from '../utils/status';
import { getDefaultStep, isSubmitted, type StepKey, summariseSteps } from '../utils/steps';
import { BusinessDetailsStep } from './business-details-step';
import { IdentityStep } from './identity-step';
import { OwnersStep } from './owners-step';
import { getResultTitle, ResultStep } from './result-step';
import { StepList } from './step-list';

/** How often the views are read again while the verification is in review. */
export const KYB_POLL_INTERVAL_MS = 5000;

export const READ_ONLY_NOTICE = 'You can view the business verification. Only admins can change it.';

const PageSkeleton = () => (
  <Stack gap="lg" aria-busy="true" aria-label="Loading the business verification">
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={56} radius="md" />
      ))}
    </SimpleGrid>
    <Paper withBorder radius="md" p="lg">
      <Skeleton height={20} width="35%" mb="md" />
      <Stack gap="sm">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    </Paper>
  </Stack>
);

export type KybDetailsPageProps = {
  /** Tests shorten it; the page uses `KYB_POLL_INTERVAL_MS`. */
  pollIntervalMs?: number;
};

/**
 * `/b/{businessId}/kyb/details` (spec 000 §2, spec 002 'business details for auto-pay'): verify the
 * business in steps driven by the server's state — the signed-in user's identity, the business details
 * (KYB form), the control person and owners, then the result, read again every few seconds while in
 * review. `?returnUrl=auto-pay` (or a path of the app) adds a 'Continue' back there once submitted.
 */
export function KybDetailsPage({ pollIntervalMs = KYB_POLL_INTERVAL_MS }: KybDetailsPageProps) {
  const { businessId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const returnTarget = resolveReturnTarget(searchParams.get('returnUrl'));
  const formQuery = useVerificationForm(businessId, pollIntervalMs);
  const ownersQuery = useBeneficialOwners(businessId, pollIntervalMs);

  let content: ReactNode;
  const failed = formQuery.isError ? formQuery : ownersQuery.isError ? ownersQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (!formQuery.data || !ownersQuery.data) {
    content = <PageSkeleton />;
  } else {
    content = (
      <VerificationSteps
        key={businessId}
        businessId={businessId}
        form={formQuery.data}
        owners={ownersQuery.data}
        returnTarget={returnTarget}
      />
    );
  }

  const status = getVerificationStatusView(formQuery.data?.status);
  return (
    <Stack gap="xl" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={30} lts="-0.02em">
          Verify your business
        </Title>
        {formQuery.data ? (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {formQuery.data.businessName}
            </Text>
            <StatusBadge label={status.label} colour={status.colour} />
          </Group>
        ) : null}
      </Stack>
      {content}
    </Stack>
  );
}

type VerificationStepsProps = {
  businessId: string;
  form: VerificationFormView;
  owners: BeneficialView;
  returnTarget: string | null;
};

const STEP_TITLES: Record<Exclude<StepKey, 'result'>, string> = {
  identity: 'Your identity',
  details: 'Business details',
  owners: 'Owners',
};

const VerificationSteps = ({ businessId, form, owners, returnTarget }: VerificationStepsProps) => {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<StepKey | null>(null);
  const steps = summariseSteps(form, owners);
  const active = chosen ?? getDefaultStep(form);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(active);
  const shownStatus = useRef(form.status);

  // A new step takes the focus to its heading, so screen readers announce where they are.
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    headingRef.current?.focus();
  }, [active]);

  // The status changed (submitted, or verified while in review): the switcher and home show it too.
  useEffect(() => {
    if (shownStatus.current === form.status) return;
    shownStatus.current = form.status;
    void queryClient.invalidateQueries({ queryKey: businessKeys.all });
  }, [form.status, queryClient]);

  const status = form.status;
  // Invitations can be sent again by editors, and by anyone while the verification is under way.
  const canResend = form.canEdit || status === 'SUBMITTED' || status === 'REJECTED';
  const title = active === 'result' ? getResultTitle(status) : STEP_TITLES[active];

  let body: ReactNode;
  switch (active) {
    case 'identity':
      body = <IdentityStep businessId={businessId} view={form} onNext={() => setChosen('details')} />;
      break;
    case 'details':
      body = (
        <BusinessDetailsStep
          businessId={businessId}
          view={form}
          onBack={() => setChosen('identity')}
          onSaved={() => setChosen('owners')}
        />
      );
      break;
    case 'owners':
      body = (
        <OwnersStep
          businessId={businessId}
          view={owners}
          canResend={canResend}
          onBack={() => setChosen('details')}
          onSubmitted={(next) => setChosen(isSubmitted(next) ? 'result' : null)}
        />
      );
      break;
    default:
      body = (
        <ResultStep
          businessId={businessId}
          form={form}
          owners={owners}
          canResend={canResend}
          returnTarget={returnTarget}
          onEdit={setChosen}
        />
      );
  }

  return (
    <Stack gap="lg">
      {!form.canEdit && !isSubmitted(status) ? (
        <Text size="sm" c="dimmed" role="note">
          {READ_ONLY_NOTICE}
        </Text>
      ) : null}
      <StepList steps={steps} active={active} onSelect={setChosen} />
      <Paper component="section" aria-labelledby="kyb-step-title" withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title
            order={2}
            fz="lg"
            id="kyb-step-title"
            ref={headingRef}
            tabIndex={-1}
            style={{ outline: 'none' }}
            // The result changes by itself while in review: announce it.
            aria-live={active === 'result' ? 'polite' : undefined}
          >
            {title}
          </Title>
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
};
