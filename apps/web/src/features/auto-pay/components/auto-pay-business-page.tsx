import { type BusinessToMap, paths } from '@ferry/domain';
import { Alert, Badge, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorState } from '@/components/error-state';
import { useBusinessesToMap } from '../api/auto-pay-api';
import { autoPayHref } from '../utils/route';
import { type AutoPayContext, AutoPayGuard } from './auto-pay-guard';

/** The spec's block message for a missing right (000 §5). */
export const NO_ACCESS_NOTE = 'You don’t have access based on your assigned role.';
export const CHOOSE_BUSINESS_REQUIRED = 'Please choose the business that pays these invoices.';

const BusinessOption = ({ business }: { business: BusinessToMap }) => (
  <Radio.Card
    value={business.businessId}
    radius="md"
    p="sm"
    disabled={!business.canAuthorize}
    aria-label={business.canAuthorize ? business.businessName : `${business.businessName}, ${NO_ACCESS_NOTE}`}
    style={business.canAuthorize ? undefined : { opacity: 0.6, cursor: 'not-allowed' }}
  >
    <Group wrap="nowrap" gap="sm">
      <Radio.Indicator disabled={!business.canAuthorize} />
      <Stack gap={0} style={{ flex: 1 }}>
        <Text size="sm" fw={500}>
          {business.businessName}
        </Text>
        {business.canAuthorize ? null : (
          <Text size="xs" c="dimmed">
            {NO_ACCESS_NOTE}
          </Text>
        )}
      </Stack>
      {business.verificationStatus === 'FULL_VERIFIED' ? (
        <Badge variant="light" color="teal">
          Verified
        </Badge>
      ) : null}
    </Group>
  </Radio.Card>
);

const ChooseBusiness = ({ context }: { context: AutoPayContext }) => {
  const businesses = useBusinessesToMap(context.mappingId);
  const navigate = useNavigate();
  const usable = businesses.data?.filter((item) => item.canAuthorize) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected = chosen ?? (usable.length === 1 ? (usable[0]?.businessId ?? null) : null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) {
      setError(CHOOSE_BUSINESS_REQUIRED);
      return;
    }
    navigate(autoPayHref('method', context.token, { businessId: selected }));
  };

  let body: React.ReactNode;
  if (businesses.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label="Loading your businesses" aria-busy="true">
        <Skeleton height={52} radius="md" />
        <Skeleton height={52} radius="md" />
      </Stack>
    );
  } else if (businesses.isError) {
    body = <ErrorState error={businesses.error} onRetry={() => void businesses.refetch()} />;
  } else if (businesses.data.length === 0) {
    body = (
      <Stack gap="sm">
        <Text size="sm">You have no business on Ferry to authorize these payments from yet.</Text>
        <Button component={Link} to={paths.onboardAdd()} variant="light">
          Add a business
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={handleSubmit} noValidate aria-label="Choose a business">
        <Stack gap="md">
          <Radio.Group
            label="Which business pays these invoices?"
            value={selected}
            onChange={(value) => {
              setChosen(value);
              setError(null);
            }}
            error={error}
            errorProps={{ role: 'alert' }}
          >
            <Stack gap="xs" mt="xs">
              {businesses.data.map((business) => (
                <BusinessOption key={business.businessId} business={business} />
              ))}
            </Stack>
          </Radio.Group>
          {usable.length === 0 ? (
            <Alert color="yellow" variant="light">
              {`None of your businesses lets you authorize auto payments. ${NO_ACCESS_NOTE}`}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth disabled={usable.length === 0}>
            Continue
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthLayout
      title="Choose your business"
      icon={<IconBuildingStore size={28} />}
      description={`${context.link.senderBusinessName} requested automatic payments. Choose the business that pays its invoices.`}
    >
      {body}
    </AuthLayout>
  );
};

/**
 * `/process/auto-pay/business` (spec 000 §1: a verified ACTIVE payer with a requested auto payment): the
 * payer's businesses (`GET /auto-payment/mapping/{id}/businesses-to-map?allowGuestBusiness=false`), only
 * those the payer may authorise for enabled; Continue → /process/auto-pay/method?token&businessId.
 */
export const AutoPayBusinessPage = () => (
  <AutoPayGuard page="business">{(context) => <ChooseBusiness context={context} />}</AutoPayGuard>
);
