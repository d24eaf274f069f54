import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';

type Loadable = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

export type EditDocumentGateProps = {
  /** The document's query and the business's (for the member's permissions). */
  queries: Loadable[];
  loadingLabel: string;
  /** Why the form is not offered (no permission, or the document can no longer be edited), or null. */
  blocked: () => string | null;
  backHref: () => string;
  backLabel: string;
  /** The form, once everything loaded and nothing blocks it. */
  children: () => ReactNode;
};

/**
 * The edit page of a bill or an invoice before its form: loading, a failure with Retry, or why it cannot
 * be edited (the server refuses it as well) with the way back to the document.
 */
export function EditDocumentGate({
  queries,
  loadingLabel,
  blocked,
  backHref,
  backLabel,
  children,
}: EditDocumentGateProps) {
  if (queries.some((query) => query.isPending)) return <PageLoader label={loadingLabel} />;
  const failed = queries.find((query) => query.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  const reason = blocked();
  if (reason) {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="alert">
          {reason}
        </Alert>
        <Anchor component={Link} to={backHref()} size="sm">
          {backLabel}
        </Anchor>
      </Stack>
    );
  }
  return children();
}
