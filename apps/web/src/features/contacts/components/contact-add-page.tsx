import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { NetworkSearch } from '@/components/network/network-search';
import { getErrorMessage } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { useCreateContact } from '../api/create-contact';
import { contactKeys } from '../api/keys';
import { useContactForm } from '../hooks/use-contact-form';
import { getContactAccess } from '../utils/access';
import {
  type ContactFormValues,
  EMPTY_CONTACT_VALUES,
  getContactFieldErrors,
  toContactRequest,
} from '../utils/contact-form';
import { CONTACT_KINDS, type ContactKind, type ContactKindConfig } from '../utils/contact-kind';
import { ContactBreadcrumbs } from './contact-breadcrumbs';
import { ContactFormFields } from './contact-form-fields';

/**
 * `/b/{id}/vendors/add` and `/customers/add`: find the contact on the Ferry network, or add them by hand
 * with the contact form. Only members who may manage vendors (customers) get here with a form.
 */
export function ContactAddPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const title = `Add ${config.label}`;

  let content: React.ReactNode;
  if (businessQuery.isError) {
    content = <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  } else if (!businessQuery.data) {
    content = <Skeleton height={320} radius="md" aria-label="Loading" />;
  } else if (!getContactAccess(businessQuery.data, config).canManage) {
    content = (
      <Alert color="gray" variant="light" role="note">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else {
    content = <AddContactSections businessId={businessId} config={config} />;
  }

  return (
    <Stack gap="lg" maw={880}>
      <ContactBreadcrumbs businessId={businessId} config={config} current={title} />
      <Title order={1} fz={30} lts="-0.02em">
        {title}
      </Title>
      {content}
    </Stack>
  );
}

const AddContactSections = ({ businessId, config }: { businessId: string; config: ContactKindConfig }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateContact(businessId, config);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContactForm(config, EMPTY_CONTACT_VALUES);

  const handleSubmit = async (values: ContactFormValues) => {
    const body = toContactRequest(values, config, 'create');
    if (!body) return;
    setFailure(null);
    try {
      const contact = await create.mutateAsync(body);
      notifications.show({ color: 'teal', message: config.savedMessage });
      void navigate(config.detailHref(businessId, contact.id));
    } catch (error) {
      const fieldErrors = getContactFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(getErrorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="find-on-ferry">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="find-on-ferry">
              Find them on Ferry
            </Title>
            <Text size="sm" c="dimmed">
              A {config.label.toLowerCase()} already on Ferry keeps their own details and bank up to date.
            </Text>
          </Stack>
          <NetworkSearch
            businessId={businessId}
            kind={config.kind}
            onAdded={(contactId) => {
              void queryClient.invalidateQueries({ queryKey: contactKeys.lists(businessId, config.kind) });
              void navigate(config.detailHref(businessId, contactId));
            }}
          />
        </Stack>
      </Paper>
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="add-manually">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="add-manually">
              Or add them manually
            </Title>
            <Text size="sm" c="dimmed">
              Name and email are required; phone and billing address are optional.
            </Text>
          </Stack>
          <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
            <Stack gap="lg">
              <ContactFormFields form={form} config={config} />
              <ErrorAlert>{failure}</ErrorAlert>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to={config.listHref(businessId)}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Add {config.label}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Stack>
  );
};
