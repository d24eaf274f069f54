import { type MapMatchKind, MESSAGES, type PaymentRequestListItem } from '@ferry/domain';
import { Badge, Button, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { QueryStateBlock } from '@/components/query-state-block';
import { isApiError } from '@/lib/api-error';
import { useBusinessesToMap, useMapBusiness } from '../api/payment-requests-api';

/** The radio value of "add the sender as a new vendor". */
const NEW_VENDOR = 'new';

const MATCH_LABELS: Partial<Record<MapMatchKind, string>> = {
  NETWORK: 'Linked on Ferry',
  EMAIL: 'Same email',
  NAME: 'Similar name',
};

export type MapVendorDialogProps = {
  businessId: string;
  /** The request whose sender is mapped; null when closed. */
  request: PaymentRequestListItem | null;
  onClose: () => void;
  /** After a successful mapping (the caller continues to the bill). */
  onMapped: (request: PaymentRequestListItem) => void;
};

/**
 * 'Map vendor': which of the payer's vendors sent this payment request (businesses-to-map, the best
 * matches first), or add the sender as a new vendor linked on Ferry (map-business).
 */
export const MapVendorDialog = ({ businessId, request, onClose, onMapped }: MapVendorDialogProps) => {
  const candidatesQuery = useBusinessesToMap(businessId, request?.id ?? null);
  const mapBusiness = useMapBusiness(businessId);
  const [choice, setChoice] = useState<string>(NEW_VENDOR);
  const [failure, setFailure] = useState<string | null>(null);
  const data = candidatesQuery.data;

  // Preselect the vendor linked to the sender on Ferry, else a vendor with the sender's email.
  useEffect(() => {
    if (!data) return;
    const best = data.candidates.find((c) => c.match === 'NETWORK' || c.match === 'EMAIL');
    setChoice(data.mappedContactId ?? best?.id ?? NEW_VENDOR);
  }, [data]);

  useEffect(() => {
    if (request === null) setFailure(null);
  }, [request]);

  const senderName = request?.sender.businessName ?? '';

  const submit = async () => {
    if (!request) return;
    setFailure(null);
    try {
      const mapped = await mapBusiness.mutateAsync({
        paymentRequestId: request.id,
        contactId: choice === NEW_VENDOR ? null : choice,
      });
      onMapped(mapped);
    } catch (error) {
      setFailure(
        isApiError(error) && error.statusCode < 500 ? error.message : MESSAGES.somethingWentWrongDot,
      );
    }
  };

  return (
    <Dialog opened={request !== null} onClose={onClose} title="Map vendor">
      <Stack gap="md">
        <Text size="sm">
          {`Which of your vendors is ${senderName}? Invoice ${request?.refNo ?? ''} becomes a bill for that vendor.`}
        </Text>
        <QueryStateBlock query={candidatesQuery} loadingLabel="Loading vendors" isEmpty={false} empty={null}>
          <Radio.Group value={choice} onChange={setChoice} label="Vendor" name="map-vendor">
            <ScrollArea.Autosize mah={320} type="auto" mt="xs">
              <Stack gap="sm">
                <Radio
                  value={NEW_VENDOR}
                  label={`Add ${senderName} as a new vendor`}
                  description={data?.sender.email ?? undefined}
                />
                {(data?.candidates ?? []).map((candidate) => (
                  <Radio
                    key={candidate.id}
                    value={candidate.id}
                    label={
                      <Group gap="xs" wrap="nowrap">
                        <span>{candidate.name}</span>
                        {MATCH_LABELS[candidate.match] ? (
                          <Badge size="xs" variant="light" tt="none">
                            {MATCH_LABELS[candidate.match]}
                          </Badge>
                        ) : null}
                      </Group>
                    }
                    description={candidate.email}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        </QueryStateBlock>
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mapBusiness.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={mapBusiness.isPending}
            disabled={candidatesQuery.data === undefined}
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
