import { paths } from '@ferry/domain';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BeneficialView } from '../api/get-beneficial-owners';
import type { VerificationFormView } from '../api/get-verification-form';
import { fullName, isVerified } from '../utils/status';
import type { StepKey } from '../utils/steps';
import { listPeople, PeopleList } from './people-list';

export type ResultStepProps = {
  businessId: string;
  form: VerificationFormView;
  owners: BeneficialView;
  canResend: boolean;
  /** Where 'Continue' leads (`?returnUrl=`), when there is somewhere to return to. */
  returnTarget: string | null;
  onEdit: (step: StepKey) => void;
};

const ContinueButton = ({ to }: { to: string | null }) =>
  to ? (
    <Button component={Link} to={to}>
      Continue
    </Button>
  ) : null;

/**
 * Step 4, once submitted: in review (who still has to verify; the page reads the state again every few
 * seconds), verified, or rejected with what to fix.
 */
export const ResultStep = ({
  businessId,
  form,
  owners,
  canResend,
  returnTarget,
  onEdit,
}: ResultStepProps) => {
  const people = listPeople(owners);

  if (form.status === 'FULL_VERIFIED') {
    return (
      <Stack gap="md">
        <Text size="sm">Every Ferry feature is now available to {form.businessName}.</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            component={Link}
            to={paths.businessHome(businessId)}
            variant={returnTarget ? 'default' : 'filled'}
          >
            Go to home
          </Button>
          <ContinueButton to={returnTarget} />
        </Group>
      </Stack>
    );
  }

  if (form.status === 'REJECTED') {
    const declined = people.filter(({ person }) => person.identityStatus === 'DECLINED');
    return (
      <Stack gap="md">
        <Text size="sm">Please check the following, correct what is wrong and submit again:</Text>
        <List size="sm" spacing={4}>
          {declined.map(({ person }) => (
            <List.Item key={person.id}>
              {person.isSelf
                ? 'Your identity could not be verified: verify it again from the first step.'
                : `${fullName(person) || person.email} could not be verified: check their name and email.`}
            </List.Item>
          ))}
          <List.Item>
            The legal business name, tax ID (EIN) and address must match your IRS records exactly.
          </List.Item>
          <List.Item>The owners must be everyone who owns 25% or more of the business.</List.Item>
        </List>
        {people.length > 0 ? (
          <PeopleList businessId={businessId} people={people} canResend={canResend} label="People listed" />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onEdit('details')}>
            Edit business details
          </Button>
          <Button onClick={() => onEdit('owners')}>Edit owners</Button>
        </Group>
      </Stack>
    );
  }

  const waiting = people.filter(({ person }) => !isVerified(person.identityStatus));
  return (
    <Stack gap="md">
      <Text size="sm">
        We are checking {form.businessName} with our verification partner. This page updates by itself.
      </Text>
      {waiting.length > 0 ? (
        <>
          <Text size="sm" fw={600}>
            Still to verify their identity:
          </Text>
          <PeopleList
            businessId={businessId}
            people={waiting}
            canResend={canResend}
            label="Still to verify"
          />
        </>
      ) : (
        <Text size="sm">Everyone listed has verified their identity.</Text>
      )}
      <Group justify="flex-end">
        <ContinueButton to={returnTarget} />
      </Group>
    </Stack>
  );
};

/** The result's heading for a verification status. */
export const getResultTitle = (status: string | null | undefined): string => {
  if (status === 'FULL_VERIFIED') return 'Your business is verified';
  if (status === 'REJECTED') return "We couldn't verify your business";
  if (status === 'SUBMITTED') return 'In review';
  return 'Not submitted yet';
};
