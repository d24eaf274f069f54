import { CONTACT_ENTITY_TYPE } from '@ferry/domain';
import { Alert, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useParams } from 'react-router';
import { ActivityLogPanel } from '@/components/activity-log/activity-log-panel';
import { ContactDocuments } from '@/components/contact-documents/contact-documents';
import { ErrorState } from '@/components/error-state';
import { VendorBankDetails } from '@/components/vendor-bank/vendor-bank-details';
import { useBusinessAccess } from '@/lib/business-access';
import type { Contact } from '../api/contact-schemas';
import { useContact } from '../api/get-contact';
import { type ContactAccess, canEditContact, getContactAccess } from '../utils/access';
import { CONTACT_KINDS, type ContactKind, type ContactKindConfig } from '../utils/contact-kind';
import { ContactBreadcrumbs } from './contact-breadcrumbs';
import { ContactDetailCard } from './contact-detail-card';
import { EditContactDialog } from './edit-contact-dialog';
import { FinalizeContactDialog } from './finalize-contact-dialog';
import { TaxIdSection } from './tax-id-section';

/** What the contact page gives its auto-payment panel (features/auto-payments, passed in by the route). */
export type ContactAutoPaymentPanelProps = {
  businessId: string;
  contactId: string;
  /** PAYEE on a customer (Get Paid), PAYER on a vendor (Pay). */
  side: 'PAYEE' | 'PAYER';
  contactName: string;
  contactEmail: string;
  permissions: readonly string[] | undefined;
};
export type ContactAutoPaymentPanelComponent = ComponentType<ContactAutoPaymentPanelProps>;

const DetailSkeleton = () => (
  <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label="Loading the details">
    <Skeleton height={24} width="40%" mb="lg" />
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Skeleton height={40} />
      <Skeleton height={40} />
      <Skeleton height={40} />
    </SimpleGrid>
  </Paper>
);

/**
 * `/b/{id}/vendors/{contactId}` and `/customers/{contactId}`: the detail card, the edit (or finalize)
 * dialog, a vendor's tax ID, and the panels of the contact. Read-only for members who may not manage
 * this kind of contact.
 */
export function ContactDetailPage({
  kind,
  autoPaymentPanel,
}: {
  kind: ContactKind;
  /** The auto-payment card (issue 20): features do not import each other, so the route passes it in. */
  autoPaymentPanel?: ContactAutoPaymentPanelComponent;
}) {
  const config = CONTACT_KINDS[kind];
  const { businessId = '', contactId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const contactQuery = useContact(businessId, config, contactId);

  const failed = businessQuery.isError ? businessQuery : contactQuery.isError ? contactQuery : null;
  const contact = contactQuery.data;
  const business = businessQuery.data;

  return (
    <Stack gap="lg" maw={1120}>
      <ContactBreadcrumbs businessId={businessId} config={config} current={contact?.name ?? config.label} />
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !contact || !business ? (
        <DetailSkeleton />
      ) : (
        <ContactDetails
          businessId={businessId}
          config={config}
          contact={contact}
          access={getContactAccess(business, config)}
          permissions={business.permissions}
          autoPaymentPanel={autoPaymentPanel}
        />
      )}
    </Stack>
  );
}

type ContactDetailsProps = {
  businessId: string;
  config: ContactKindConfig;
  contact: Contact;
  access: ContactAccess;
  permissions: readonly string[] | undefined;
  autoPaymentPanel: ContactAutoPaymentPanelComponent | undefined;
};

const ContactDetails = ({
  businessId,
  config,
  contact,
  access,
  permissions,
  autoPaymentPanel: AutoPaymentPanel,
}: ContactDetailsProps) => {
  const [dialog, setDialog] = useState<'edit' | 'finalize' | null>(null);
  const { canManage } = access;
  const isVendor = config.kind === 'vendor';
  const close = () => setDialog(null);
  return (
    <Stack gap="lg">
      {canManage ? null : (
        <Text size="sm" c="dimmed" role="note">
          You can view this {config.label.toLowerCase()}. Only members who manage{' '}
          {config.pluralLabel.toLowerCase()} can change it.
        </Text>
      )}
      {contact.needsFinalize ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Group justify="space-between" gap="md">
            <Text size="sm">
              This {config.label.toLowerCase()} was added from a list and its details are not final yet.
            </Text>
            {canManage ? (
              <Button size="xs" variant="white" color="yellow.9" onClick={() => setDialog('finalize')}>
                Finalize details
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <ContactDetailCard
              contact={contact}
              config={config}
              onEdit={
                canEditContact(access, contact.autoPaymentStatus)
                  ? () => setDialog(contact.needsFinalize ? 'finalize' : 'edit')
                  : undefined
              }
            />
            {AutoPaymentPanel ? (
              <AutoPaymentPanel
                businessId={businessId}
                contactId={contact.id}
                side={isVendor ? 'PAYER' : 'PAYEE'}
                contactName={contact.name}
                contactEmail={contact.email}
                permissions={permissions}
              />
            ) : null}
            {isVendor ? (
              <TaxIdSection
                businessId={businessId}
                vendorId={contact.id}
                taxId={contact.taxId}
                canManage={canManage}
              />
            ) : null}
            {isVendor ? (
              <VendorBankDetails
                businessId={businessId}
                vendorId={contact.id}
                canManage={canManage}
                managedByVendor={contact.fbnBusiness !== null}
              />
            ) : null}
            <ContactDocuments businessId={businessId} contactId={contact.id} canManage={canManage} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ActivityLogPanel businessId={businessId} entityType={CONTACT_ENTITY_TYPE} entityId={contact.id} />
        </Grid.Col>
      </Grid>
      <EditContactDialog
        opened={dialog === 'edit'}
        onClose={close}
        businessId={businessId}
        config={config}
        contact={contact}
      />
      <FinalizeContactDialog
        opened={dialog === 'finalize'}
        onClose={close}
        businessId={businessId}
        config={config}
        contact={contact}
      />
    </Stack>
  );
};
