/** Spec 002 §9: the PDF viewer zooms from 0.5 to 2 in steps of 0.1 and rotates in 90-degree steps. */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 2;
export const ZOOM_STEP = 0.1;
export const ROTATION_STEP = 90;

/** Rotation clockwise, in degrees: 0, 90, 180 or 270. */
export type PdfRotation = 0 | 90 | 180 | 270;

export type PdfViewState = {
  /** 1 is actual size (100%). Always a multiple of 0.1 within ZOOM_MIN..ZOOM_MAX. */
  zoom: number;
  rotation: PdfRotation;
};

export type PdfViewAction = { type: 'zoomIn' } | { type: 'zoomOut' } | { type: 'rotate' } | { type: 'reset' };

export const initialPdfViewState: PdfViewState = { zoom: 1, rotation: 0 };

/** Rounds to one decimal, so repeated 0.1 steps never drift (0.1 + 0.2 is 0.3, not 0.30000000000000004). */
const roundZoom = (zoom: number) => Math.round(zoom * 10) / 10;

const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, roundZoom(zoom)));

export const canZoomIn = (state: PdfViewState) => state.zoom < ZOOM_MAX;
export const canZoomOut = (state: PdfViewState) => state.zoom > ZOOM_MIN;

/** '100%' for zoom 1. */
export const formatZoom = (zoom: number) => `${Math.round(zoom * 100)}%`;

export const pdfViewReducer = (state: PdfViewState, action: PdfViewAction): PdfViewState => {
  switch (action.type) {
    case 'zoomIn':
      return canZoomIn(state) ? { ...state, zoom: clampZoom(state.zoom + ZOOM_STEP) } : state;
    case 'zoomOut':
      return canZoomOut(state) ? { ...state, zoom: clampZoom(state.zoom - ZOOM_STEP) } : state;
    case 'rotate':
      return { ...state, rotation: ((state.rotation + ROTATION_STEP) % 360) as PdfRotation };
    case 'reset':
      return initialPdfViewState;
  }
};
