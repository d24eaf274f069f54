import { BUSINESS_TYPE_VALUES, type BusinessType, getOnboardingNextPath, paths } from '@ferry/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-error';
import { type Business, businessKeys } from '@/lib/businesses';
import { getStoredUser, useCurrentUser } from '@/lib/session';
import { setStored } from '@/lib/storage';
import { businessQueryOptions, useBusiness } from '../api/get-business';
import { type BusinessDetailsInput, useCreateBusiness, useUpdateBusiness } from '../api/save-business';
import {
  BusinessDetailsForm,
  type BusinessDetailsValues,
  getDefaultBusinessCountry,
} from './business-details-form';
import { OnboardingShell } from './onboarding-shell';

/** Shown quietly under Next when saving failed (spec 000 §8: the failure itself is not raised). */
export const SAVE_FAILED_TEXT = 'Your business details were not saved. Please try again.';

const NOT_INITIATED = 'NOT_INITIATED';

const isBusinessType = (value: unknown): value is BusinessType =>
  typeof value === 'string' && (BUSINESS_TYPE_VALUES as readonly string[]).includes(value);

const toInitialValues = (
  business: Business | null,
  userCountry: string | null | undefined,
): BusinessDetailsValues =>
  business
    ? {
        businessName: business.businessName,
        businessType: isBusinessType(business.businessType) ? business.businessType : null,
        // An existing business was created with the agreement: ticked on load (spec 000 §4).
        agreeNoRestrictedCategory: true,
        country: business.country ?? null,
      }
    : {
        businessName: '',
        businessType: null,
        agreeNoRestrictedCategory: false,
        // A new business is in the user's country unless they choose the other supported one.
        country: getDefaultBusinessCountry(userCountry),
      };

/** The server's messages about the form's own fields, to show under them. */
const toFieldErrors = (error: unknown): Record<string, string> | undefined => {
  if (!isApiError(error)) return undefined;
  const fields: Record<string, string> = {};
  for (const { field, message } of error.errors) {
    if (field === 'businessName' || field === 'businessType') fields[field] = message;
    if (field === 'category') fields.agreeNoRestrictedCategory = message;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
};

/**
 * `/onboard/b/add` and `/onboard/b/{businessId}/details` (spec 000 §2, §4 'Business onboarding'):
 * - no business id: the business's country is chosen too (US or CA, the user's by default); Next
 *   creates the business with it, stores it as the active business (empty permissions), rewrites the
 *   address to its details route, and moves on by the created business's country;
 * - a business whose verification step is NOT_INITIATED: Next updates it, then moves on by the country
 *   the update returns;
 * - any other step: name and type are locked and Next just moves on.
 * Moving on: link-bank when the country is missing or US, else completed. A failed save stays on the
 * page without raising an alert; a failed load shows the error.
 */
export function BusinessDetailsPage() {
  const { businessId } = useParams();
  const businessQuery = useBusiness(businessId);

  let content: React.ReactNode;
  if (businessId && businessQuery.isError) {
    content = <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  } else if (businessId && !businessQuery.data) {
    content = <PageLoader label="Loading your business..." />;
  } else {
    const business = businessId ? (businessQuery.data ?? null) : null;
    // Keyed by business so the form starts again from what was loaded.
    content = <DetailsStep key={business?.id ?? 'new'} business={business} />;
  }

  return <OnboardingShell step={0}>{content}</OnboardingShell>;
}

const DetailsStep = ({ business }: { business: Business | null }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const createBusiness = useCreateBusiness();
  const updateBusiness = useUpdateBusiness(business?.id ?? '');
  const [failureText, setFailureText] = useState<string | null>(null);
  const [isMovingOn, setIsMovingOn] = useState(false);

  const locked =
    business !== null && (business.detailsLocked === true || business.verificationStep !== NOT_INITIATED);

  const moveOn = async (id: string, country: string | null | undefined) => {
    setIsMovingOn(true);
    await navigate(getOnboardingNextPath(id, country));
  };

  const handleSubmit = async (input: BusinessDetailsInput): Promise<Record<string, string> | undefined> => {
    setFailureText(null);
    try {
      if (!business) {
        const created = await createBusiness.mutateAsync(input);
        setStored('activeBusiness', { id: created.businessId, permissions: [] });
        // Loaded before the address changes, so the details route opens on the saved business.
        await queryClient.prefetchQuery(businessQueryOptions(created.businessId));
        await navigate(paths.onboardDetails(created.businessId), { replace: true });
        // Onward by the created business's country (the one chosen here when the server does not say).
        const country = created.country ?? input.country;
        if (country) await moveOn(created.businessId, country);
        return undefined;
      }
      if (locked) {
        await moveOn(business.id, business.country);
        return undefined;
      }
      const updated = await updateBusiness.mutateAsync(input);
      await moveOn(business.id, updated.country);
      return undefined;
    } catch (error) {
      // Spec 000 §8: create and update failures are not raised. Field messages go under their fields;
      // a 409 means verification started meanwhile: reload so the form locks.
      if (isApiError(error) && error.statusCode === 409 && business) {
        await queryClient.invalidateQueries({ queryKey: businessKeys.detail(business.id) });
      }
      const fieldErrors = toFieldErrors(error);
      if (!fieldErrors) setFailureText(SAVE_FAILED_TEXT);
      return fieldErrors;
    }
  };

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Title order={1} fz={28} lts="-0.02em">
          {business ? 'Your business details' : 'Tell us about your business'}
        </Title>
        <Text size="sm" c="dimmed">
          We use these details to set up your Ferry account and, later, to verify your business.
        </Text>
      </Stack>
      <BusinessDetailsForm
        initialValues={toInitialValues(business, user?.country ?? getStoredUser()?.country)}
        locked={locked}
        chooseCountry={business === null}
        isSubmitting={createBusiness.isPending || updateBusiness.isPending || isMovingOn}
        onSubmit={handleSubmit}
        failureText={failureText}
      />
    </Stack>
  );
};
