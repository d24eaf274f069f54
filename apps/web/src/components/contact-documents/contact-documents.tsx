import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  documentFileSchema,
  MESSAGES,
  MONEY_MESSAGES,
} from '@ferry/domain';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileText, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { QueryStateBlock } from '@/components/query-state-block';
import { isApiError } from '@/lib/api-error';
import {
  type ContactDocument,
  getDocumentHref,
  useContactDocuments,
  useDeleteContactDocument,
  useUploadContactDocument,
} from './contact-documents-api';

/** Four documents are shown at a time (spec 002 §9). */
export const DOCUMENTS_SHOWN = 4;
export const DOCUMENT_UPLOADED_MESSAGE = 'Document uploaded successfully.';
export const DOCUMENT_DELETED_MESSAGE = 'Document deleted successfully.';

/** The browser's checks of a chosen file (the server checks again, by the file's bytes). */
export const checkDocumentFile = (file: File): string | null =>
  documentFileSchema.safeParse({ name: file.name, type: file.type, size: file.size }).success
    ? null
    : DOCUMENT_MESSAGES.invalidFile;

/** The server's message for a 4xx, else the spec's document fallback 'Something went wrong.'. */
const failureMessage = (error: unknown): string =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500
    ? error.message
    : MESSAGES.somethingWentWrongDot;

const ACCEPT = [...DOCUMENT_LIMITS.mimeTypes, ...DOCUMENT_LIMITS.extensions.map((e) => `.${e}`)].join(',');

export type ContactDocumentsProps = {
  businessId: string;
  contactId: string;
  /** Manage vendors / manage customers: without it the list is read-only (download only). */
  canManage: boolean;
};

type DeleteDialogProps = {
  document: ContactDocument | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

const DeleteDocumentDialog = ({ document, deleting, onCancel, onConfirm }: DeleteDialogProps) => (
  <Dialog opened={document !== null} onClose={onCancel} title="Delete document" size="sm">
    <Stack gap="lg">
      <Stack gap={4}>
        <Text fw={600}>{MONEY_MESSAGES.deleteDocumentConfirm}</Text>
        <Text size="sm" c="dimmed">
          {MONEY_MESSAGES.deleteDocumentWarning}
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Yes, delete
        </Button>
      </Group>
    </Stack>
  </Dialog>
);

type DocumentRowProps = {
  document: ContactDocument;
  href: string;
  canManage: boolean;
  onDelete: () => void;
};

const DocumentRow = ({ document, href, canManage, onDelete }: DocumentRowProps) => {
  const Icon = document.mimeType.startsWith('image/') ? IconPhoto : IconFileText;
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" role="listitem" aria-label={document.fileName}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" color="gray" radius="md" size={32} aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
        <Tooltip label={document.fileName} openDelay={400}>
          <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
            {document.fileName}
          </Text>
        </Tooltip>
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          component="a"
          href={href}
          download={document.fileName}
          variant="subtle"
          color="gray"
          aria-label={`Download ${document.fileName}`}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
        {canManage ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${document.fileName}`}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
};

/**
 * A contact's other documents (spec 002 §2, §5): PDF, PNG or JPEG up to 5 MB, at most 5, four shown at a
 * time. Upload and delete (with its confirm dialog) need `canManage`; anyone may download.
 */
export const ContactDocuments = ({ businessId, contactId, canManage }: ContactDocumentsProps) => {
  const contact = { businessId, contactId };
  const query = useContactDocuments(contact);
  const upload = useUploadContactDocument(contact);
  const remove = useDeleteContactDocument(contact);
  const [error, setError] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [toDelete, setToDelete] = useState<ContactDocument | null>(null);
  const resetRef = useRef<() => void>(null);
  const titleId = useId();

  const documents = query.data?.items ?? [];
  const maxCount = query.data?.maxCount ?? DOCUMENT_LIMITS.maxCount;
  const atLimit = documents.length >= maxCount;
  const shown = showAll ? documents : documents.slice(0, DOCUMENTS_SHOWN);

  const handleFile = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    if (atLimit) {
      setError(DOCUMENT_MESSAGES.limit);
      return;
    }
    const problem = checkDocumentFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      notifications.show({ color: 'teal', title: 'Document uploaded', message: DOCUMENT_UPLOADED_MESSAGE });
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Upload failed', message: failureMessage(failure) });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notifications.show({ color: 'teal', title: 'Document deleted', message: DOCUMENT_DELETED_MESSAGE });
      setError(null);
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Delete failed', message: failureMessage(failure) });
    } finally {
      setToDelete(null);
    }
  };

  const list = (
    <QueryStateBlock
      query={query}
      loadingLabel="Loading documents"
      isEmpty={documents.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          No documents yet.
        </Text>
      }
    >
      <Stack gap="xs" role="list" aria-label="Documents">
        {shown.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            href={getDocumentHref(document)}
            canManage={canManage}
            onDelete={() => setToDelete(document)}
          />
        ))}
      </Stack>
    </QueryStateBlock>
  );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} fz="lg" id={titleId}>
              Other Documents
            </Title>
            <Text size="xs" c="dimmed">
              PDF, JPG or PNG, up to 5MB each. At most {maxCount} documents.
            </Text>
          </Stack>
          {canManage ? (
            <FileButton
              resetRef={resetRef}
              onChange={(file) => void handleFile(file)}
              accept={ACCEPT}
              inputProps={{ 'aria-label': 'Document file' }}
            >
              {(props) => (
                <Button
                  {...props}
                  onClick={() => {
                    // At the limit the picker stays closed: the person is told why instead.
                    if (atLimit) {
                      setError(DOCUMENT_MESSAGES.limit);
                      return;
                    }
                    props.onClick();
                  }}
                  variant="light"
                  size="xs"
                  leftSection={<IconUpload size={14} aria-hidden />}
                  loading={upload.isPending}
                  disabled={!query.isSuccess}
                >
                  Upload
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
        <ErrorAlert>{error}</ErrorAlert>
        {list}
        {documents.length > DOCUMENTS_SHOWN ? (
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Show less' : 'Show all'}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <DeleteDocumentDialog
        document={toDelete}
        deleting={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Paper>
  );
};
