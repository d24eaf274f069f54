/**
 * The binary files PDF.js asks for while decoding (wasm image decoders for JBIG2/CCITT scans and JPEG 2000,
 * and the standard fonts used when a PDF does not embed Helvetica, Times, Courier...). Vite emits each one
 * as a hashed asset, so they are looked up by file name instead of PDF.js's `${baseUrl}${filename}`.
 * Loaded only with the viewer's lazy chunk.
 */
import foxitDingbats from 'pdfjs-dist/standard_fonts/FoxitDingbats.pfb?url';
import foxitFixed from 'pdfjs-dist/standard_fonts/FoxitFixed.pfb?url';
import foxitFixedBold from 'pdfjs-dist/standard_fonts/FoxitFixedBold.pfb?url';
import foxitFixedBoldItalic from 'pdfjs-dist/standard_fonts/FoxitFixedBoldItalic.pfb?url';
import foxitFixedItalic from 'pdfjs-dist/standard_fonts/FoxitFixedItalic.pfb?url';
import foxitSerif from 'pdfjs-dist/standard_fonts/FoxitSerif.pfb?url';
import foxitSerifBold from 'pdfjs-dist/standard_fonts/FoxitSerifBold.pfb?url';
import foxitSerifBoldItalic from 'pdfjs-dist/standard_fonts/FoxitSerifBoldItalic.pfb?url';
import foxitSerifItalic from 'pdfjs-dist/standard_fonts/FoxitSerifItalic.pfb?url';
import foxitSymbol from 'pdfjs-dist/standard_fonts/FoxitSymbol.pfb?url';
import liberationSansBold from 'pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf?url';
import liberationSansBoldItalic from 'pdfjs-dist/standard_fonts/LiberationSans-BoldItalic.ttf?url';
import liberationSansItalic from 'pdfjs-dist/standard_fonts/LiberationSans-Italic.ttf?url';
import liberationSansRegular from 'pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf?url';
import jbig2Wasm from 'pdfjs-dist/wasm/jbig2.wasm?url';
import openjpegWasm from 'pdfjs-dist/wasm/openjpeg.wasm?url';

type AssetKind = 'cMapUrl' | 'standardFontDataUrl' | 'wasmUrl';

const ASSETS: Partial<Record<AssetKind, Record<string, string>>> = {
  standardFontDataUrl: {
    'FoxitDingbats.pfb': foxitDingbats,
    'FoxitFixed.pfb': foxitFixed,
    'FoxitFixedBold.pfb': foxitFixedBold,
    'FoxitFixedBoldItalic.pfb': foxitFixedBoldItalic,
    'FoxitFixedItalic.pfb': foxitFixedItalic,
    'FoxitSerif.pfb': foxitSerif,
    'FoxitSerifBold.pfb': foxitSerifBold,
    'FoxitSerifBoldItalic.pfb': foxitSerifBoldItalic,
    'FoxitSerifItalic.pfb': foxitSerifItalic,
    'FoxitSymbol.pfb': foxitSymbol,
    'LiberationSans-Bold.ttf': liberationSansBold,
    'LiberationSans-BoldItalic.ttf': liberationSansBoldItalic,
    'LiberationSans-Italic.ttf': liberationSansItalic,
    'LiberationSans-Regular.ttf': liberationSansRegular,
  },
  wasmUrl: {
    'jbig2.wasm': jbig2Wasm,
    'openjpeg.wasm': openjpegWasm,
  },
};

/** The emitted URL of a PDF.js asset, or undefined when it is not bundled (e.g. CJK CMaps). */
export const pdfAssetUrl = (kind: string, filename: string): string | undefined =>
  ASSETS[kind as AssetKind]?.[filename];

/**
 * PDF.js `BinaryDataFactory` (used with `useWorkerFetch: false`): the worker asks the page for a file by
 * kind and name, and gets its bytes from the bundled asset.
 */
export class BundledAssetFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = pdfAssetUrl(kind, filename);
    if (!url) throw new Error(`The PDF viewer does not include ${filename}.`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Unable to load ${filename} (HTTP ${response.status}).`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
