/**
 * The only module that imports PDF.js; reached through a dynamic import (see pdf-document.ts) so PDF.js stays
 * out of the main bundle. The worker is a same-origin Vite asset, allowed by the server's CSP `script-src 'self'`.
 */
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  RenderingCancelledException,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { BundledAssetFactory } from './pdf-assets';
import type { PdfDocumentHandle, PdfLoadingTask, PdfRenderTask, PdfSource } from './pdf-document';

GlobalWorkerOptions.workerSrc = workerUrl;

/** PDF points (1/72 in) to CSS pixels (1/96 in): zoom 1 shows the page at its actual size. */
export const PDF_TO_CSS_UNITS = 96 / 72;
/** Larger canvases fail silently on some browsers (iOS Safari's limit is 16,777,216 pixels). */
const MAX_CANVAS_PIXELS = 16_777_216;

const toHandle = (document: PDFDocumentProxy): PdfDocumentHandle => ({
  pageCount: document.numPages,
  renderPage: (pageNumber, canvas, { zoom, rotation }): PdfRenderTask => {
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    const promise = (async () => {
      const page = await document.getPage(pageNumber);
      if (cancelled) return;
      // The viewer's rotation adds to the page's own /Rotate.
      const viewport = page.getViewport({
        scale: zoom * PDF_TO_CSS_UNITS,
        rotation: (page.rotate + rotation) % 360,
      });
      const pixelRatio = Math.min(
        window.devicePixelRatio || 1,
        Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, viewport.width * viewport.height)),
      );
      canvas.width = Math.floor(viewport.width * pixelRatio);
      canvas.height = Math.floor(viewport.height * pixelRatio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const task = page.render({
        canvas,
        viewport,
        transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
      });
      cancelRender = () => task.cancel();
      try {
        await task.promise;
      } catch (error) {
        if (error instanceof RenderingCancelledException) return;
        throw error;
      }
    })();
    return {
      promise,
      cancel: () => {
        cancelled = true;
        cancelRender?.();
      },
    };
  },
});

export const openPdfDocument = (source: PdfSource): PdfLoadingTask => {
  const task = getDocument({
    // PDF.js transfers the bytes to its worker, which empties the caller's array: give it a copy.
    ...('url' in source ? { url: source.url } : { data: source.data.slice() }),
    // The worker asks the page for fonts and decoders, served from the bundled assets (see pdf-assets.ts).
    useWorkerFetch: false,
    BinaryDataFactory: BundledAssetFactory,
  });
  return {
    promise: task.promise.then(toHandle),
    destroy: () => {
      void task.destroy();
    },
  };
};
