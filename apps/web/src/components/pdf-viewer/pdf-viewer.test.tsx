import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { PdfViewer } from './pdf-viewer';

const pdfjs = vi.hoisted(() => {
  class RenderingCancelledException extends Error {}
  return { getDocument: vi.fn(), GlobalWorkerOptions: { workerSrc: '' }, RenderingCancelledException };
});
vi.mock('pdfjs-dist', () => pdfjs);

const CSS_UNITS = 96 / 72;

type FakePage = { rotate?: number; fail?: boolean };
type RenderParams = { viewport: { scale: number; rotation: number }; canvas: HTMLCanvasElement };
type RenderCall = RenderParams & { pageNumber: number };

/** A fake PDF.js document whose pages record how they were rendered. */
const fakeDocument = (pages: FakePage[] = [{}, {}]) => {
  const render = vi.fn((_call: RenderCall) => ({ promise: Promise.resolve(), cancel: vi.fn() }));
  const getPage = vi.fn(async (pageNumber: number) => {
    const page = pages[pageNumber - 1] ?? {};
    return {
      rotate: page.rotate ?? 0,
      getViewport: ({ scale, rotation }: { scale: number; rotation: number }) => ({
        scale,
        rotation,
        width: (rotation % 180 === 0 ? 612 : 792) * scale,
        height: (rotation % 180 === 0 ? 792 : 612) * scale,
      }),
      render: page.fail
        ? () => ({ promise: Promise.reject(new Error('bad page')), cancel: vi.fn() })
        : (params: RenderParams) => render({ ...params, pageNumber }),
    };
  });
  return { document: { numPages: pages.length, getPage }, render };
};

const loadingTask = (promise: Promise<unknown>) => ({ promise, destroy: vi.fn(async () => {}) });

/** The (scale, rotation) of the last render of each page. */
const lastRenders = (render: ReturnType<typeof fakeDocument>['render']) => {
  const byPage = new Map<number, { scale: number; rotation: number }>();
  for (const [{ pageNumber, viewport }] of render.mock.calls) {
    byPage.set(pageNumber, { scale: viewport.scale, rotation: viewport.rotation });
  }
  return [...byPage.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);
};

/** jsdom's Blob has no arrayBuffer(). */
const readBlob = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

const waitForPages = async (count: number) => {
  for (let page = 1; page <= count; page += 1) {
    expect(await screen.findByRole('img', { name: `Page ${page} of ${count}` })).toBeInTheDocument();
  }
};

beforeEach(() => {
  pdfjs.getDocument.mockReset();
});

describe('PdfViewer', () => {
  it('loads its lazy PDF.js chunk with the worker, font and wasm URLs (allowed by the test server)', async () => {
    // These `?url` imports come from node_modules: when the runner's file-system allow list missed the
    // workspace root (`vitest run --root apps/web` from the repo root) they failed with 'Denied ID'.
    const runtime = await import('./pdfjs-runtime');
    expect(runtime.openPdfDocument).toBeTypeOf('function');
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toMatch(/pdf\.worker\.min\.mjs$/);
    const { pdfAssetUrl } = await import('./pdf-assets');
    expect(pdfAssetUrl('wasmUrl', 'openjpeg.wasm')).toMatch(/openjpeg\.wasm$/);
    expect(pdfAssetUrl('standardFontDataUrl', 'FoxitSerif.pfb')).toMatch(/FoxitSerif\.pfb$/);
    expect(pdfAssetUrl('cMapUrl', 'UniJIS-UCS2-H.bcmap')).toBeUndefined();
  });

  it('shows a loading state, then renders every page at 100% with the worker configured', async () => {
    const { document, render } = fakeDocument([{}, {}, {}]);
    let resolve: (value: unknown) => void = () => {};
    pdfjs.getDocument.mockReturnValue(loadingTask(new Promise((r) => (resolve = r))));

    renderWithProviders(<PdfViewer source={{ url: '/api/files/bill.pdf' }} fileName="bill-1042.pdf" />);

    expect(await screen.findByLabelText('Loading document')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'bill-1042.pdf pages' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(pdfjs.getDocument).toHaveBeenCalledTimes(1));
    expect(pdfjs.getDocument.mock.calls[0]?.[0]).toMatchObject({
      url: '/api/files/bill.pdf',
      useWorkerFetch: false,
    });
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toMatch(/pdf\.worker\.min\.mjs/);

    await act(async () => resolve(document));
    await waitForPages(3);
    expect(screen.queryByLabelText('Loading document')).not.toBeInTheDocument();
    await waitFor(() => expect(lastRenders(render)).toHaveLength(3));
    expect(lastRenders(render)).toEqual([
      { scale: CSS_UNITS, rotation: 0 },
      { scale: CSS_UNITS, rotation: 0 },
      { scale: CSS_UNITS, rotation: 0 },
    ]);
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('bill-1042.pdf')).toBeInTheDocument();
  });

  it('zooms in 10% steps between 50% and 200%, re-rendering at the new scale', async () => {
    const user = userEvent.setup();
    const { document, render } = fakeDocument([{}]);
    pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(document)));
    renderWithProviders(<PdfViewer source={{ url: '/doc.pdf' }} />);
    await waitForPages(1);

    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    await user.click(zoomIn);
    expect(screen.getByText('110%')).toBeInTheDocument();
    await waitFor(() => expect(lastRenders(render)[0]?.scale).toBeCloseTo(1.1 * CSS_UNITS, 10));

    for (let i = 0; i < 9; i += 1) await user.click(zoomIn);
    expect(screen.getByText('200%')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    expect(zoomOut).toBeEnabled();
    await waitFor(() => expect(lastRenders(render)[0]?.scale).toBeCloseTo(2 * CSS_UNITS, 10));

    for (let i = 0; i < 15; i += 1) await user.click(zoomOut);
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(zoomOut).toBeDisabled();
    expect(zoomIn).toBeEnabled();
    await waitFor(() => expect(lastRenders(render)[0]?.scale).toBeCloseTo(0.5 * CSS_UNITS, 10));

    // Walking back up through the float steps shows whole percentages.
    await user.click(zoomIn);
    await user.click(zoomIn);
    await user.click(zoomIn);
    expect(screen.getByText('80%')).toBeInTheDocument();
  });

  it('rotates clockwise in 90-degree steps on top of the page rotation, from the keyboard too', async () => {
    const user = userEvent.setup();
    const { document, render } = fakeDocument([{}, { rotate: 90 }]);
    pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(document)));
    renderWithProviders(<PdfViewer source={{ url: '/doc.pdf' }} />);
    await waitForPages(2);
    await waitFor(() => expect(lastRenders(render).map((r) => r.rotation)).toEqual([0, 90]));

    const rotate = screen.getByRole('button', { name: 'Rotate' });
    rotate.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastRenders(render).map((r) => r.rotation)).toEqual([90, 180]));
    await user.keyboard(' ');
    await waitFor(() => expect(lastRenders(render).map((r) => r.rotation)).toEqual([180, 270]));
    await user.click(rotate);
    await waitFor(() => expect(lastRenders(render).map((r) => r.rotation)).toEqual([270, 0]));
    await user.click(rotate);
    await waitFor(() => expect(lastRenders(render).map((r) => r.rotation)).toEqual([0, 90]));
    // Rotation keeps the zoom.
    expect(lastRenders(render)[0]?.scale).toBe(CSS_UNITS);
  });

  it("shows 'Failed to load the document.' with a Retry that loads it again", async () => {
    const user = userEvent.setup();
    const { document } = fakeDocument([{}]);
    pdfjs.getDocument
      .mockReturnValueOnce(loadingTask(Promise.reject(new Error('InvalidPDFException'))))
      .mockReturnValueOnce(loadingTask(Promise.resolve(document)));
    renderWithProviders(<PdfViewer source={{ url: '/doc.pdf' }} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the document.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rotate' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitForPages(1);
    expect(pdfjs.getDocument).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error state when a page fails to render', async () => {
    const { document } = fakeDocument([{}, { fail: true }]);
    pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(document)));
    renderWithProviders(<PdfViewer source={{ url: '/doc.pdf' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the document.');
  });

  it('offers Delete only with onDelete, and calls it', async () => {
    const user = userEvent.setup();
    pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument([{}]).document)));
    const onDelete = vi.fn();
    const { rerender } = renderWithProviders(<PdfViewer source={{ url: '/doc.pdf' }} />);
    await waitForPages(1);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    rerender(<PdfViewer source={{ url: '/doc.pdf' }} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    // A new source object with the same URL does not reload the document.
    expect(pdfjs.getDocument).toHaveBeenCalledTimes(1);
  });

  describe('Download', () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:ferry/1');
    const revokeObjectURL = vi.fn();
    let clicked: { href: string; download: string }[] = [];
    beforeEach(() => {
      createObjectURL.mockClear();
      revokeObjectURL.mockClear();
      clicked = [];
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      // jsdom cannot navigate: record what the temporary link would have saved.
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    const PDF_BYTES = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55]);

    it('fetches the URL with the session cookie and saves it under the given name', async () => {
      const user = userEvent.setup();
      const fetchMock = vi.fn(
        async (_url: string, _init?: RequestInit) =>
          new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf' } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument([{}]).document)));
      renderWithProviders(
        <PdfViewer
          source={{ url: '/api/files/inv.pdf' }}
          fileName="Invoice 7.pdf"
          downloadName="INV-7.pdf"
        />,
      );
      await waitForPages(1);

      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:ferry/1', download: 'INV-7.pdf' }]));
      expect(fetchMock).toHaveBeenCalledWith('/api/files/inv.pdf', { credentials: 'same-origin' });
      const blob = createObjectURL.mock.calls[0]?.[0];
      expect(new Uint8Array(await new Response(blob).arrayBuffer())).toEqual(PDF_BYTES);
      // The temporary link is gone again.
      expect(document.querySelector('a[download]')).toBeNull();
      expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    });

    it("toasts 'Something went wrong.' when the download fails, and saves nothing", async () => {
      const user = userEvent.setup();
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(new Response('{"message":"nope"}', { status: 500 }))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'));
      vi.stubGlobal('fetch', fetchMock);
      pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument([{}]).document)));
      renderWithProviders(<PdfViewer source={{ url: '/doc.pdf' }} fileName="bill.pdf" />);
      await waitForPages(1);

      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
      // A network failure too.
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(screen.getAllByText('Something went wrong.')).toHaveLength(2));
      expect(clicked).toEqual([]);
      expect(createObjectURL).not.toHaveBeenCalled();
    });

    it('saves given bytes as a PDF without touching the network, keeping the caller bytes intact', async () => {
      const user = userEvent.setup();
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      const task = loadingTask(Promise.resolve(fakeDocument([{}]).document));
      pdfjs.getDocument.mockReturnValue(task);
      const { unmount } = renderWithProviders(<PdfViewer source={{ data: PDF_BYTES }} fileName="scan.pdf" />);
      await waitForPages(1);

      const given = pdfjs.getDocument.mock.calls[0]?.[0] as { data: Uint8Array };
      expect(given.data).toEqual(PDF_BYTES);
      expect(given.data).not.toBe(PDF_BYTES);

      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:ferry/1', download: 'scan.pdf' }]));
      const blob = createObjectURL.mock.calls[0]?.[0];
      expect(blob?.type).toBe('application/pdf');
      expect(await readBlob(blob as Blob)).toEqual(PDF_BYTES);
      expect(PDF_BYTES).toEqual(new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55]));
      expect(fetchMock).not.toHaveBeenCalled();

      unmount();
      expect(task.destroy).toHaveBeenCalled();
    });

    it('names the file document.pdf without a name', async () => {
      const user = userEvent.setup();
      pdfjs.getDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument([{}]).document)));
      renderWithProviders(<PdfViewer source={{ data: PDF_BYTES }} />);
      await waitForPages(1);
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:ferry/1', download: 'document.pdf' }]));
    });
  });
});
