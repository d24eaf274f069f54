import { MONEY_MESSAGES } from '@ferry/domain';
import { Anchor, Breadcrumbs, Button, Checkbox, Collapse, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { BankAccountFields, setBankFieldErrors, useBankDetailsForm } from '@/components/bank-account-fields';
import { Dialog } from '@/components/dialog';
import { isApiError } from '@/lib/api-error';
import { createUuid } from '@/lib/random';
import { isBankDetailsValid } from './bank-details-validation';
import { BANK_DETAILS_ADDED_MESSAGE, useAddVendorBank, type VendorRef } from './vendor-bank-api';

export const ADD_BANK_DETAILS_TITLE = 'Add Bank Details';
export const LEARN_MORE_TEXT =
  'Bank details you enter yourself are not checked with the bank before the first payment. A wrong routing or account number can send money to the wrong account or make the payment fail, and the bank may charge a fee for a returned payment. Ask your vendor to confirm the details, or invite them to Ferry to add their own.';

/** A failure is "definite" when the server answered 4xx: the same request would fail again. */
const isDefiniteRejection = (error: unknown) =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 408;

/** Spec 002 §8: the server's message when it gave one, else 'Failed to add bank details.'. */
const addFailureMessage = (error: unknown) =>
  isDefiniteRejection(error) && isApiError(error) ? error.message : MONEY_MESSAGES.addBankDetailsFailed;

type FormProps = VendorRef & { onBack: () => void; onAdded: () => void };

/** The dialog's body; mounted on each opening, so every opening has a fresh form and idempotency key. */
const AddBankDetailsForm = ({ businessId, vendorId, onBack, onAdded }: FormProps) => {
  const mutation = useAddVendorBank({ businessId, vendorId });
  const [idempotencyKey, setIdempotencyKey] = useState(createUuid);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [learnMore, setLearnMore] = useState(false);
  const form = useBankDetailsForm();
  const values = form.getValues();
  const canSave = consent && isBankDetailsValid(values) && !mutation.isPending;

  const submit = form.onSubmit(async ({ accountType, ...rest }) => {
    if (!consent || accountType === '') return;
    try {
      await mutation.mutateAsync({ input: { ...rest, accountType }, idempotencyKey });
      notifications.show({ color: 'teal', title: 'Bank details added', message: BANK_DETAILS_ADDED_MESSAGE });
      onAdded();
    } catch (error) {
      if (isDefiniteRejection(error) && isApiError(error)) {
        // The server refused this request: a corrected one is a new request with a new key.
        setIdempotencyKey(createUuid());
        setBankFieldErrors(form, error.errors);
        for (const { field, message } of error.errors) if (field === 'consent') setConsentError(message);
      }
      notifications.show({
        color: 'red',
        title: 'Bank details not added',
        message: addFailureMessage(error),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BankAccountFields form={form} />
        <Stack gap={4}>
          <Checkbox
            checked={consent}
            onChange={(event) => {
              setConsent(event.currentTarget.checked);
              setConsentError(null);
            }}
            label={MONEY_MESSAGES.manualBankConsent}
            error={consentError}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            ml={32}
            w="fit-content"
            aria-expanded={learnMore}
            onClick={() => setLearnMore((open) => !open)}
          >
            Learn more
          </Anchor>
          <Collapse expanded={learnMore}>
            <Text size="xs" c="dimmed" ml={32}>
              {LEARN_MORE_TEXT}
            </Text>
          </Collapse>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={mutation.isPending}>
            Back
          </Button>
          <Button type="submit" disabled={!canSave}>
            {mutation.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export type AddBankDetailsDialogProps = VendorRef & {
  opened: boolean;
  /** 'Back' or closing the dialog. */
  onClose: () => void;
  /** After the bank was saved (the dialog closes itself through `onClose` too). */
  onAdded?: () => void;
};

/** The 'Add Bank Details' dialog of a vendor (spec 002 §2, §5), under the breadcrumb 'Edit Vendor'. */
export const AddBankDetailsDialog = ({
  opened,
  onClose,
  onAdded,
  businessId,
  vendorId,
}: AddBankDetailsDialogProps) => (
  <Dialog
    opened={opened}
    onClose={onClose}
    closeOnClickOutside={false}
    title={
      <Breadcrumbs separator="›" separatorMargin={6}>
        <Text span c="dimmed" inherit fw={500}>
          Edit Vendor
        </Text>
        <Text span inherit>
          {ADD_BANK_DETAILS_TITLE}
        </Text>
      </Breadcrumbs>
    }
  >
    <AddBankDetailsForm
      businessId={businessId}
      vendorId={vendorId}
      onBack={onClose}
      onAdded={() => {
        onAdded?.();
        onClose();
      }}
    />
  </Dialog>
);
