import type { PdfRotation } from './pdf-viewer-state';

/** A PDF to show: fetched from a URL (same-origin cookies are sent) or given as bytes. */
export type PdfSource = { url: string } | { data: Uint8Array };

export type PdfRenderTask = {
  /** Settles when the page is drawn; resolves (does not reject) when cancelled. */
  promise: Promise<void>;
  cancel: () => void;
};

/** An open document, as the viewer needs it. */
export type PdfDocumentHandle = {
  pageCount: number;
  renderPage: (
    pageNumber: number,
    canvas: HTMLCanvasElement,
    view: { zoom: number; rotation: PdfRotation },
  ) => PdfRenderTask;
};

export type PdfLoadingTask = {
  promise: Promise<PdfDocumentHandle>;
  /** Stops loading, or closes the document and frees its worker resources. */
  destroy: () => void;
};

/** PDF.js (about 1.5 MB with its worker) is loaded on first use only, as its own chunk. */
export const loadPdfRuntime = () => import('./pdfjs-runtime');
