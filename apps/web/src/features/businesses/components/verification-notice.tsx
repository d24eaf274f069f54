import { paths, VERIFIED_ONLY_MESSAGE } from '@ferry/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBusinessFeatures } from '../api/get-business-features';

/**
 * For a business that is not yet verified: 'Full functionality is available only to verified
 * businesses', the features that wait for it (`GET /business/{id}/features`), and the way to verify.
 */
export const VerificationNotice = ({ businessId }: { businessId: string }) => {
  const featuresQuery = useBusinessFeatures(businessId);
  const locked = featuresQuery.data?.features.filter((feature) => !feature.enabled) ?? [];
  if (featuresQuery.data?.isVerified) return null;
  return (
    <Alert variant="light" color="yellow" radius="lg" icon={<IconLock size={20} aria-hidden />}>
      <Group justify="space-between" align="center" gap="md" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {VERIFIED_ONLY_MESSAGE}
          </Text>
          {locked.length > 0 ? (
            <Text size="sm" c="dimmed">
              Waiting for verification: {locked.map((feature) => feature.label).join(', ')}.
            </Text>
          ) : null}
        </Stack>
        <Button
          component={Link}
          to={paths.kybDetails(businessId)}
          size="sm"
          color="yellow.8"
          style={{ flexShrink: 0 }}
        >
          Start verification
        </Button>
      </Group>
    </Alert>
  );
};
