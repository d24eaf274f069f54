import { CONTACT_SEARCH_MAX, type ContactView, MESSAGES } from '@ferry/domain';
import { Button, Center, Checkbox, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-error';
import { getStored, setStored } from '@/lib/storage';
import {
  type ContactKind,
  INVITATIONS_SENT_MESSAGE,
  useInviteCandidates,
  useSendNetworkInvitations,
} from './network-api';

/** Spec 002 §2: the invite list scrolls past 320 px; its search waits 300 ms (the other search input). */
export const INVITE_LIST_HEIGHT = 320;
export const INVITE_SEARCH_DEBOUNCE_MS = 300;

const NOUN: Record<ContactKind, { one: string; many: string }> = {
  vendor: { one: 'vendor', many: 'vendors' },
  customer: { one: 'customer', many: 'customers' },
};

export const inviteIntroTitle = (kind: ContactKind) => `Invite your ${NOUN[kind].many} to Ferry`;
export const inviteListTitle = (kind: ContactKind) =>
  `Invite ${kind === 'vendor' ? 'Vendors' : 'Customers'} to Ferry`;

const failureMessage = (error: unknown) =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500
    ? error.message
    : MESSAGES.somethingWentWrongDot;

type IntroProps = {
  kind: ContactKind;
  onLater: (dontShow: boolean) => void;
  onInvite: (dontShow: boolean) => void;
};

const InviteIntro = ({ kind, onLater, onInvite }: IntroProps) => {
  const [dontShow, setDontShow] = useState(false);
  const { many } = NOUN[kind];
  return (
    <Stack gap="lg">
      <Text size="sm">
        {kind === 'vendor'
          ? `When your ${many} are on Ferry, they add and verify their own bank details, so you no longer enter them by hand.`
          : `When your ${many} are on Ferry, they can pay your invoices in a few clicks and authorize auto-payments.`}{' '}
        We will send each one an email invitation from your business.
      </Text>
      <Checkbox
        label="Don't show this message again"
        checked={dontShow}
        onChange={(event) => setDontShow(event.currentTarget.checked)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onLater(dontShow)}>
          May be later
        </Button>
        <Button onClick={() => onInvite(dontShow)}>Invite</Button>
      </Group>
    </Stack>
  );
};

type ListProps = { businessId: string; kind: ContactKind; onCancel: () => void; onSent: () => void };

/** Contacts that can still be invited: those not linked to a business on Ferry. */
const isInvitable = (contact: ContactView) => contact.fbnBusiness === null;

const InviteList = ({ businessId, kind, onCancel, onSent }: ListProps) => {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), INVITE_SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const candidates = useInviteCandidates(businessId, kind, term, true);
  const send = useSendNetworkInvitations(businessId);
  const contacts = (candidates.data?.items ?? []).filter(isInvitable);

  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async () => {
    try {
      await send.mutateAsync([...chosen]);
      notifications.show({ color: 'teal', title: 'Invitations', message: INVITATIONS_SENT_MESSAGE });
      onSent();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Invitations', message: failureMessage(error) });
    }
  };

  let list: ReactNode;
  if (candidates.isPending) {
    list = (
      <Center py="md" role="status" aria-label={`Loading ${NOUN[kind].many}`}>
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  } else if (candidates.isError) {
    list = <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />;
  } else if (contacts.length === 0) {
    list = (
      <Text size="sm" c="dimmed" py="sm">
        {term ? MESSAGES.tableEmpty : `Every ${NOUN[kind].one} is already on Ferry.`}
      </Text>
    );
  } else {
    list = (
      <ScrollArea h={INVITE_LIST_HEIGHT} type="auto" offsetScrollbars>
        <Stack gap={0} role="list" aria-label={`${NOUN[kind].many} to invite`}>
          {contacts.map((contact) => (
            <Group
              key={contact.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              role="listitem"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {contact.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {contact.email}
                </Text>
              </Stack>
              <Checkbox
                aria-label={`Invite ${contact.name}`}
                checked={chosen.has(contact.id)}
                onChange={(event) => toggle(contact.id, event.currentTarget.checked)}
              />
            </Group>
          ))}
        </Stack>
      </ScrollArea>
    );
  }

  return (
    <Stack gap="md">
      <TextInput
        label={`Search ${NOUN[kind].many}`}
        placeholder="Name or email"
        type="search"
        maxLength={CONTACT_SEARCH_MAX}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      {list}
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {chosen.size} selected
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => void submit()}
            disabled={chosen.size === 0}
            loading={send.isPending}
          >
            Send Invites
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};

export type InviteToNetworkProps = {
  businessId: string;
  kind: ContactKind;
  opened: boolean;
  onClose: () => void;
};

/**
 * Invite contacts to the business network (spec 002 §2): an intro dialog ('Don't show this message
 * again', 'May be later' / 'Invite') unless the person turned it off, then the list dialog with a search
 * and 'Send Invites'. Contacts already on Ferry are left out of the list.
 */
export const InviteToNetwork = ({ businessId, kind, opened, onClose }: InviteToNetworkProps) => {
  // Chosen when the flow opens: a person who turned the intro off goes straight to the list.
  const [introPassed, setIntroPassed] = useState(false);
  const showIntro = !introPassed && getStored('networkInviteIntroDismissed') !== true;

  const close = () => {
    setIntroPassed(false);
    onClose();
  };
  const remember = (dontShow: boolean) => {
    if (dontShow) setStored('networkInviteIntroDismissed', true);
  };

  return (
    <>
      <Dialog opened={opened && showIntro} onClose={close} title={inviteIntroTitle(kind)}>
        <InviteIntro
          kind={kind}
          onLater={(dontShow) => {
            remember(dontShow);
            close();
          }}
          onInvite={(dontShow) => {
            remember(dontShow);
            setIntroPassed(true);
          }}
        />
      </Dialog>
      <Dialog opened={opened && !showIntro} onClose={close} title={inviteListTitle(kind)} size="lg">
        <InviteList businessId={businessId} kind={kind} onCancel={close} onSent={close} />
      </Dialog>
    </>
  );
};

export type InviteToNetworkButtonProps = {
  businessId: string;
  kind: ContactKind;
  disabled?: boolean;
};

/** 'Invite to Ferry': a button that opens the invite flow. */
export const InviteToNetworkButton = ({ businessId, kind, disabled = false }: InviteToNetworkButtonProps) => {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSend size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={disabled}
      >
        Invite to Ferry
      </Button>
      <InviteToNetwork businessId={businessId} kind={kind} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
};
