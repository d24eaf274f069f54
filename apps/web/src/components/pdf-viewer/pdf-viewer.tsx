import { MESSAGES } from '@ferry/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconDownload,
  IconFileTypePdf,
  IconRefresh,
  IconRotateClockwise,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { type CSSProperties, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { loadPdfRuntime, type PdfDocumentHandle, type PdfSource } from './pdf-document';
import {
  canZoomIn,
  canZoomOut,
  formatZoom,
  initialPdfViewState,
  type PdfRotation,
  pdfViewReducer,
} from './pdf-viewer-state';

export const PDF_LOAD_ERROR = 'Failed to load the document.';

export type PdfViewerProps = {
  source: PdfSource;
  /** Shown in the toolbar, truncated with the full name in a tooltip. */
  fileName?: string;
  /** Shows the Delete button; asking for confirmation is the caller's job. */
  onDelete?: () => void;
  /** The downloaded file's name; defaults to fileName, then 'document.pdf'. */
  downloadName?: string;
  /** Height limit of the scrollable page area (CSS value or px); defaults to 70vh. */
  maxHeight?: CSSProperties['maxHeight'];
};

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; document: PdfDocumentHandle }
  | { status: 'error' };

/** Saves `blob` as a file named `fileName` through a temporary link. */
const saveBlob = (blob: Blob, fileName: string) => {
  const href = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  window.document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the file before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
};

/** The PDF's bytes: the given data, or the URL fetched with the session cookie. */
const readPdf = async (source: PdfSource): Promise<Blob> => {
  if ('data' in source) return new Blob([source.data.slice()], { type: 'application/pdf' });
  const response = await fetch(source.url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed (HTTP ${response.status}).`);
  return response.blob();
};

type PdfPageProps = {
  document: PdfDocumentHandle;
  pageNumber: number;
  zoom: number;
  rotation: PdfRotation;
  onError: () => void;
};

const PdfPage = ({ document, pageNumber, zoom, rotation, onError }: PdfPageProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const task = document.renderPage(pageNumber, canvas, { zoom, rotation });
    task.promise.catch(onError);
    return task.cancel;
  }, [document, pageNumber, zoom, rotation, onError]);
  return (
    <Paper shadow="xs" radius={0} style={{ lineHeight: 0 }}>
      <canvas ref={canvasRef} role="img" aria-label={`Page ${pageNumber} of ${document.pageCount}`} />
    </Paper>
  );
};

/**
 * Spec 002 §2/§9: shows a bill's or invoice's PDF, every page stacked in a scrollable area, with a toolbar
 * (file name, Delete, Rotate, Download, Zoom out, Zoom in). Zoom 50%–200% in 10% steps; rotation 90° clockwise.
 */
export const PdfViewer = ({
  source,
  fileName,
  onDelete,
  downloadName,
  maxHeight = '70vh',
}: PdfViewerProps) => {
  const [view, dispatch] = useReducer(pdfViewReducer, initialPdfViewState);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [downloading, setDownloading] = useState(false);

  const url = 'url' in source ? source.url : undefined;
  const data = 'data' in source ? source.data : undefined;

  useEffect(() => {
    // `attempt` re-runs the load on Retry.
    void attempt;
    let active = true;
    let destroy: (() => void) | undefined;
    setLoad({ status: 'loading' });
    loadPdfRuntime()
      .then((runtime) => {
        if (!active) return;
        const task = runtime.openPdfDocument(
          url !== undefined ? { url } : { data: data ?? new Uint8Array() },
        );
        destroy = task.destroy;
        return task.promise.then((document) => {
          if (active) setLoad({ status: 'ready', document });
        });
      })
      .catch(() => {
        if (active) setLoad({ status: 'error' });
      });
    return () => {
      active = false;
      destroy?.();
    };
  }, [url, data, attempt]);

  const onPageError = useCallback(() => setLoad({ status: 'error' }), []);

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      saveBlob(await readPdf(source), downloadName ?? fileName ?? 'document.pdf');
    } catch {
      // Spec 002 §8: a download failure toasts 'Something went wrong.'
      notifications.show({ color: 'red', message: MESSAGES.somethingWentWrongDot });
    } finally {
      setDownloading(false);
    }
  };
  const ready = load.status === 'ready';
  const zoomLabel = formatZoom(view.zoom);

  return (
    <Stack
      gap={0}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="sm"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {fileName ? (
            <>
              <IconFileTypePdf size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Tooltip
                label={fileName}
                openDelay={300}
                multiline
                maw={360}
                style={{ wordBreak: 'break-all' }}
              >
                <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }}>
                  {fileName}
                </Text>
              </Tooltip>
            </>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          {onDelete ? (
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={onDelete}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label="Rotate">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Rotate"
              disabled={!ready}
              onClick={() => dispatch({ type: 'rotate' })}
            >
              <IconRotateClockwise size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Download">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Download"
              loading={downloading}
              onClick={() => void download()}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Zoom out">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Zoom out"
              disabled={!ready || !canZoomOut(view)}
              onClick={() => dispatch({ type: 'zoomOut' })}
            >
              <IconZoomOut size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={48} ta="center" aria-live="polite" aria-label={`Zoom ${zoomLabel}`}>
            {zoomLabel}
          </Text>
          <Tooltip label="Zoom in">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Zoom in"
              disabled={!ready || !canZoomIn(view)}
              onClick={() => dispatch({ type: 'zoomIn' })}
            >
              <IconZoomIn size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box
        role="region"
        aria-label={fileName ? `${fileName} pages` : 'Document pages'}
        aria-busy={load.status === 'loading'}
        tabIndex={0}
        p="md"
        bg="gray.1"
        style={{ maxHeight, overflow: 'auto' }}
      >
        {load.status === 'loading' ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading document" />
          </Center>
        ) : null}
        {load.status === 'error' ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
            <Group justify="space-between" gap="md">
              <Text size="sm">{PDF_LOAD_ERROR}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => setAttempt((n) => n + 1)}
              >
                Retry
              </Button>
            </Group>
          </Alert>
        ) : null}
        {load.status === 'ready' ? (
          <Stack gap="md" align="center" w="fit-content" miw="100%">
            {Array.from({ length: load.document.pageCount }, (_, index) => (
              <PdfPage
                // biome-ignore lint/suspicious/noArrayIndexKey: pages are identified by their number.
                key={index}
                document={load.document}
                pageNumber={index + 1}
                zoom={view.zoom}
                rotation={view.rotation}
                onError={onPageError}
              />
            ))}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
};
