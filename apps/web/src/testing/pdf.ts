/** A one-page US Letter document as PDF.js gives it (for tests that replace `pdfjs-dist`). */
export const onePagePdfDocument = () => ({
  numPages: 1,
  getPage: async () => ({
    rotate: 0,
    getViewport: ({ scale, rotation }: { scale: number; rotation: number }) => ({
      scale,
      rotation,
      width: 612 * scale,
      height: 792 * scale,
    }),
    render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
  }),
});
