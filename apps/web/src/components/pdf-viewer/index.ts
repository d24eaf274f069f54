export type { PdfSource } from './pdf-document';
export { PDF_LOAD_ERROR, PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { formatZoom, ROTATION_STEP, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from './pdf-viewer-state';
