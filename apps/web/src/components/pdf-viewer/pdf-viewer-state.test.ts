import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  formatZoom,
  initialPdfViewState,
  type PdfViewAction,
  type PdfViewState,
  pdfViewReducer,
} from './pdf-viewer-state';

const run = (actions: PdfViewAction[], from: PdfViewState = initialPdfViewState) =>
  actions.reduce(pdfViewReducer, from);
const times = (n: number, action: PdfViewAction) => Array.from({ length: n }, () => action);

describe('pdfViewReducer', () => {
  it('starts at 100% with no rotation', () => {
    expect(initialPdfViewState).toEqual({ zoom: 1, rotation: 0 });
    expect(formatZoom(initialPdfViewState.zoom)).toBe('100%');
  });

  it('zooms in and out in exact 0.1 steps', () => {
    expect(run([{ type: 'zoomIn' }]).zoom).toBe(1.1);
    expect(run([{ type: 'zoomOut' }]).zoom).toBe(0.9);
    expect(run(times(3, { type: 'zoomIn' })).zoom).toBe(1.3);
    expect(run([...times(7, { type: 'zoomIn' }), ...times(7, { type: 'zoomOut' })]).zoom).toBe(1);
  });

  it('rounds float steps to one decimal (0.1 + 0.2 shows 30%)', () => {
    // In plain floats 0.7 + 0.1 is 0.7999999999999999.
    expect(0.7 + 0.1).not.toBe(0.8);
    expect(run([{ type: 'zoomIn' }], { zoom: 0.7, rotation: 0 }).zoom).toBe(0.8);
    expect(formatZoom(0.1 + 0.2)).toBe('30%');
    // Walking the whole range never leaves a float tail.
    let s = run(times(5, { type: 'zoomOut' }));
    const seen: number[] = [s.zoom];
    while (canZoomIn(s)) {
      s = pdfViewReducer(s, { type: 'zoomIn' });
      seen.push(s.zoom);
    }
    expect(seen).toEqual([0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2]);
    expect(seen.map(formatZoom)).toContain('170%');
  });

  it('stops at 50% and 200%', () => {
    const min = run(times(20, { type: 'zoomOut' }));
    expect(min.zoom).toBe(0.5);
    expect(canZoomOut(min)).toBe(false);
    expect(canZoomIn(min)).toBe(true);
    expect(pdfViewReducer(min, { type: 'zoomOut' })).toBe(min);

    const max = run(times(20, { type: 'zoomIn' }));
    expect(max.zoom).toBe(2);
    expect(canZoomIn(max)).toBe(false);
    expect(canZoomOut(max)).toBe(true);
    expect(pdfViewReducer(max, { type: 'zoomIn' })).toBe(max);
  });

  it('rotates clockwise in 90-degree steps and wraps at 360', () => {
    const rotations = [1, 2, 3, 4, 5].map((n) => run(times(n, { type: 'rotate' })).rotation);
    expect(rotations).toEqual([90, 180, 270, 0, 90]);
  });

  it('keeps zoom when rotating, rotation when zooming, and resets both', () => {
    const state = run([{ type: 'rotate' }, { type: 'zoomIn' }, { type: 'rotate' }]);
    expect(state).toEqual({ zoom: 1.1, rotation: 180 });
    expect(pdfViewReducer(state, { type: 'reset' })).toEqual(initialPdfViewState);
  });
});
