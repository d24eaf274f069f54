import { BUSINESS_PROFILE_MESSAGES, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@ferry/domain';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { type BusinessPreferences, useRemoveLogo, useUploadLogo } from '../api/preferences';
import { ProfileSection } from './profile-section';

export const LOGO_UPLOADED_MESSAGE = 'Your logo was uploaded.';
export const LOGO_REMOVED_MESSAGE = 'Your logo was removed.';

/** The browser-side checks of a chosen logo (the server checks again by the file's bytes). */
export const checkLogoFile = (file: File): string | null => {
  if (file.size === 0) return BUSINESS_PROFILE_MESSAGES.logoMissing;
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return BUSINESS_PROFILE_MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return BUSINESS_PROFILE_MESSAGES.logoTooLarge;
  return null;
};

export type BusinessProfileLogoProps = {
  businessId: string;
  preferences: BusinessPreferences;
  editable: boolean;
};

/** The business logo: shown when there is one; PNG or JPEG up to 2 MB uploaded, or removed. */
export const BusinessProfileLogo = ({ businessId, preferences, editable }: BusinessProfileLogoProps) => {
  const upload = useUploadLogo(businessId);
  const remove = useRemoveLogo(businessId);
  const [error, setError] = useState<string | null>(null);
  const logo = preferences.logo ?? null;
  const busy = upload.isPending || remove.isPending;

  const handleFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const problem = checkLogoFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      notifications.show({ color: 'teal', title: 'Logo uploaded', message: LOGO_UPLOADED_MESSAGE });
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  const handleRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync(undefined);
      notifications.show({ color: 'teal', title: 'Logo removed', message: LOGO_REMOVED_MESSAGE });
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <ProfileSection title="Logo" description="PNG or JPEG, up to 2 MB. Shown on your invoices.">
      <Group gap="lg" align="center">
        <Box
          w={96}
          h={96}
          bd="1px solid var(--mantine-color-default-border)"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {logo ? (
            <Image src={logo.url} alt="Business logo" fit="contain" w={96} h={96} />
          ) : (
            <IconPhoto size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
        </Box>
        <Stack gap="xs">
          {logo ? null : (
            <Text size="sm" c="dimmed">
              No logo yet.
            </Text>
          )}
          {editable ? (
            <Group gap="sm">
              <FileButton
                onChange={(file) => void handleFile(file)}
                accept={LOGO_CONTENT_TYPES.join(',')}
                inputProps={{ 'aria-label': 'Logo file' }}
              >
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={upload.isPending}
                    disabled={busy}
                  >
                    {logo ? 'Replace logo' : 'Upload logo'}
                  </Button>
                )}
              </FileButton>
              {logo ? (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void handleRemove()}
                  loading={remove.isPending}
                  disabled={busy}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Group>
      <ErrorAlert>{error}</ErrorAlert>
    </ProfileSection>
  );
};
