import {
  DELIVERY_SPEED_DETAILS,
  DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE,
  DELIVERY_SPEEDS,
  type DeliverySpeed,
  formatDate,
  type TransferSpeedView,
} from '@ferry/domain';
import { Group, Input, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** 'Expected delivery Nov 10, 2026' or 'Expected delivery Nov 10 – Nov 12, 2026'. */
export const expectedDeliveryText = (window: { earliest: string; latest: string }): string =>
  window.earliest === window.latest
    ? `Expected delivery ${formatDate(window.earliest)}`
    : `Expected delivery ${formatDate(window.earliest)} – ${formatDate(window.latest)}`;

/**
 * Whether a speed may be chosen: what the server answered, and before it answered only STANDARD (the
 * default, always allowed).
 */
export const isSpeedAllowed = (speed: DeliverySpeed, view: TransferSpeedView | undefined): boolean =>
  view ? (view.speeds[speed]?.allowed ?? false) : speed === 'STANDARD';

export type DeliverySpeedFieldProps = {
  value: DeliverySpeed;
  onChange: (speed: DeliverySpeed) => void;
  /** The answer of `POST payments/transfer/speed` for the chosen source and amount. */
  speeds: TransferSpeedView | undefined;
  loading?: boolean;
  disabled?: boolean;
  /** Shown under the cards, e.g. when the speeds could not be loaded. */
  error?: string | null;
};

/**
 * 'Delivery Speed' (spec 002 §2, §4): one radio card per speed with its description and expected delivery
 * window; speeds the server does not allow are disabled with 'This payment isn’t eligible for this
 * delivery speed.' followed by the server's reason (card, limit, vendor bank), and an allowed speed that
 * missed today's cut-off says when it goes instead.
 */
export const DeliverySpeedField = ({
  value,
  onChange,
  speeds,
  loading = false,
  disabled = false,
  error,
}: DeliverySpeedFieldProps) => {
  const baseId = useId();
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as DeliverySpeed)}
      label={
        <Group gap="xs" component="span">
          Delivery Speed
          {loading ? <Loader size={12} type="dots" aria-label="Loading delivery speeds" /> : null}
        </Group>
      }
      error={error ?? undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
        {DELIVERY_SPEEDS.map((speed) => {
          const details = DELIVERY_SPEED_DETAILS[speed];
          const option = speeds?.speeds[speed];
          const allowed = isSpeedAllowed(speed, speeds);
          const descriptionId = `${baseId}-${speed}`;
          const notEligible = speeds !== undefined && !allowed;
          return (
            <Radio.Card
              key={speed}
              value={speed}
              radius="md"
              p="md"
              disabled={disabled || !allowed}
              aria-label={details.label}
              aria-describedby={descriptionId}
              style={{ opacity: disabled || !allowed ? 0.6 : 1, cursor: allowed ? 'pointer' : 'not-allowed' }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator disabled={disabled || !allowed} aria-hidden />
                <Stack gap={2} id={descriptionId}>
                  <Text fw={600} size="sm">
                    {details.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {details.description}
                  </Text>
                  {option && allowed ? (
                    <Text size="xs">{expectedDeliveryText(option.expectedDelivery)}</Text>
                  ) : null}
                  {option && allowed && option.note ? (
                    <Text size="xs" c="orange.9">
                      {option.note}
                    </Text>
                  ) : null}
                  {notEligible ? (
                    <Text size="xs" c="red.8">
                      {option?.reasonText
                        ? `${DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE} ${option.reasonText}`
                        : DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
      {speeds === undefined && !loading ? (
        <Input.Description mt={6}>
          Choose where to pay from to see the speeds this payment can use.
        </Input.Description>
      ) : null}
    </Radio.Group>
  );
};
