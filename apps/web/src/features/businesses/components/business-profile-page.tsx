import {
  BUSINESS_TYPE_VALUES,
  BUSINESS_TYPES,
  type BusinessType,
  businessNameSchema,
  findCountry,
  paths,
} from '@ferry/domain';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPencil, IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { FormActions } from '@/components/form-actions';
import { StatusBadge } from '@/components/status-badge';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import type { Business } from '@/lib/businesses';
import { useBusiness } from '../api/get-business';
import { usePreferences } from '../api/preferences';
import { useUpdateBusiness } from '../api/save-business';
import { BusinessProfileAddressesForm } from './business-profile-addresses';
import { BusinessProfileLogo } from './business-profile-logo';
import { ProfileSection } from './profile-section';

/** The permission keys that let a member change the business profile (the server's write check). */
export const PROFILE_WRITE_PERMISSIONS = ['SETTINGS_USERS_AND_ROLES.manage', 'SETTINGS_FULL_ACCESS.manage'];

export const canEditProfile = (business: Business): boolean =>
  business.permissions.some((p) => PROFILE_WRITE_PERMISSIONS.includes(p));

export const DETAILS_SAVED_MESSAGE = 'Your business details were saved.';
export const READ_ONLY_NOTICE = 'You can view the business profile. Only admins can change it.';
export const LOCKED_DURING_VERIFICATION = 'Locked during verification';
export const VERIFIED_DETAILS_NOTE = 'Verified — contact support to change the name or type.';

const ProfileSkeleton = () => (
  <Stack gap="lg" aria-busy="true" aria-label="Loading the business profile">
    {[0, 1, 2].map((i) => (
      <Paper key={i} withBorder radius="md" p="lg">
        <Skeleton height={18} width="30%" mb="md" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </SimpleGrid>
      </Paper>
    ))}
  </Stack>
);

/**
 * `/b/{businessId}/settings/business-profile`: the business details (name and type editable until
 * verification starts), the verification status, the website and addresses, and the logo. Members
 * without write permission see everything read-only.
 */
export function BusinessProfilePage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  const preferencesQuery = usePreferences(businessId);

  let content: ReactNode;
  const failed = businessQuery.isError ? businessQuery : preferencesQuery.isError ? preferencesQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (!businessQuery.data || !preferencesQuery.data) {
    content = <ProfileSkeleton />;
  } else {
    const business = businessQuery.data;
    const editable = canEditProfile(business);
    content = (
      <Stack gap="lg">
        {editable ? null : (
          <Text size="sm" c="dimmed" role="note">
            {READ_ONLY_NOTICE}
          </Text>
        )}
        <BusinessDetailsSection key={business.id} business={business} editable={editable} />
        <VerificationSection business={business} />
        <BusinessProfileAddressesForm
          key={preferencesQuery.data.updatedAt ?? 'new'}
          businessId={business.id}
          preferences={preferencesQuery.data}
          editable={editable}
        />
        <BusinessProfileLogo
          businessId={business.id}
          preferences={preferencesQuery.data}
          editable={editable}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="xl" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={30} lts="-0.02em">
          Business profile
        </Title>
        <Text size="sm" c="dimmed">
          How your business appears on invoices, payments and to your contacts.
        </Text>
      </Stack>
      {content}
    </Stack>
  );
}

const businessTypeLabel = (value: string | null | undefined): string =>
  BUSINESS_TYPES.find((t) => t.value === value)?.label ?? 'Not set';

const countryLabel = (code: string | null | undefined): string =>
  (code ? findCountry(code)?.name : undefined) ?? code ?? 'Not set';

const ReadOnlyField = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </Stack>
);

type DetailsValues = { businessName: string; businessType: BusinessType | null };

const isBusinessType = (value: unknown): value is BusinessType =>
  typeof value === 'string' && (BUSINESS_TYPE_VALUES as readonly string[]).includes(value);

const BusinessDetailsSection = ({ business, editable }: { business: Business; editable: boolean }) => {
  const locked = business.detailsLocked === true || business.verificationStep !== 'NOT_INITIATED';
  const isVerified = business.status === 'FULL_VERIFIED';
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateBusiness(business.id);
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: {
      businessName: business.businessName,
      businessType: isBusinessType(business.businessType) ? business.businessType : null,
    },
    validate: {
      businessName: (value) => {
        const result = businessNameSchema.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? null);
      },
      businessType: (value) => (value ? null : 'This field is required'),
    },
  });

  const handleSubmit = async (values: DetailsValues) => {
    if (!values.businessType) return;
    setFailure(null);
    try {
      await update.mutateAsync({ businessName: values.businessName, businessType: values.businessType });
      notifications.show({ color: 'teal', title: 'Business details saved', message: DETAILS_SAVED_MESSAGE });
      setEditing(false);
    } catch (error) {
      const fieldErrors: Record<string, string> = {};
      if (isApiError(error)) {
        for (const { field, message } of error.errors) {
          if (field === 'businessName' || field === 'businessType') fieldErrors[field] = message;
        }
      }
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(getErrorMessage(error));
    }
  };

  const action =
    editable && !locked && !editing ? (
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => {
          form.reset();
          setEditing(true);
        }}
        aria-label="Edit business details"
      >
        Edit
      </Button>
    ) : null;

  return (
    <ProfileSection
      title="Business details"
      description={
        isVerified
          ? 'The name and type are those your business was verified with.'
          : locked
            ? 'The name and type can no longer be changed because business verification has started.'
            : undefined
      }
      action={action}
    >
      {editing ? (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Business Name" withAsterisk {...form.getInputProps('businessName')} />
              <Select
                label="Business Type"
                withAsterisk
                data={BUSINESS_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                allowDeselect={false}
                {...form.getInputProps('businessType')}
              />
            </SimpleGrid>
            <ErrorAlert>{failure}</ErrorAlert>
            <FormActions
              submitLabel="Save"
              onCancel={() => setEditing(false)}
              isSubmitting={update.isPending}
            />
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ReadOnlyField label="Business name" value={business.businessName} />
          <ReadOnlyField label="Business type" value={businessTypeLabel(business.businessType)} />
          <ReadOnlyField label="Country" value={countryLabel(business.country)} />
        </SimpleGrid>
      )}
      {isVerified ? (
        <Group gap={6}>
          <IconRosetteDiscountCheck size={14} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="xs" c="dimmed">
            {VERIFIED_DETAILS_NOTE}
          </Text>
        </Group>
      ) : locked ? (
        <Group gap={6}>
          <IconLock size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            {LOCKED_DURING_VERIFICATION}
          </Text>
        </Group>
      ) : null}
    </ProfileSection>
  );
};

type StatusView = { label: string; colour: 'green' | 'amber' | 'red' | 'grey' };

/** The verification badge of a business: from its verification status (null until submitted). */
export const getVerificationStatusView = (business: Pick<Business, 'status'>): StatusView => {
  switch (business.status) {
    case 'FULL_VERIFIED':
      return { label: 'Fully verified', colour: 'green' };
    case 'SUBMITTED':
      return { label: 'Submitted', colour: 'amber' };
    case 'REJECTED':
      return { label: 'Rejected', colour: 'red' };
    default:
      return { label: 'Not started', colour: 'grey' };
  }
};

/** What the business still has to do (`onboardingState` of the business summary), in words. */
const ONBOARDING_STATE_LABELS: Record<string, string> = {
  KYC_PENDING: 'Identity verification pending',
  KYB_PENDING: 'Business details pending',
  MAPPING_PENDING: 'Business mapping pending',
  ACTION_REQUIRED: 'Action required',
  REVIEW_PENDING: 'In review',
  EARN_REWARDS: 'Verified',
};

export const getOnboardingStateLabel = (state: unknown): string | null =>
  typeof state === 'string' && state !== '' ? (ONBOARDING_STATE_LABELS[state] ?? state) : null;

const VerificationSection = ({ business }: { business: Business }) => {
  const view = getVerificationStatusView(business);
  const verified = business.status === 'FULL_VERIFIED';
  const onboarding = getOnboardingStateLabel(business.onboardingState);
  return (
    <ProfileSection
      title="Verification status"
      description={
        verified
          ? 'Your business is verified: every Ferry feature is available.'
          : 'Full functionality is available only to verified businesses.'
      }
      action={<StatusBadge label={view.label} colour={view.colour} />}
    >
      {onboarding ? <ReadOnlyField label="Onboarding" value={onboarding} /> : null}
      {verified ? null : (
        <Group>
          <Anchor component={Link} to={paths.kybDetails(business.id)} fw={600} size="sm">
            {business.status === 'SUBMITTED' ? 'View verification' : 'Finish verification'}
          </Anchor>
        </Group>
      )}
    </ProfileSection>
  );
};
