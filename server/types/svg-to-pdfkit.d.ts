// svg-to-pdfkit ships no types. The subset of its options the print renderer uses.
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    /** Treat SVG user units as points instead of CSS pixels. */
    assumePt?: boolean;
    precision?: number;
    useCSS?: boolean;
    fontCallback?: (
      family: string,
      bold: boolean,
      italic: boolean,
      options: Record<string, unknown>,
    ) => string;
    warningCallback?: (message: string) => void;
    imageCallback?: (link: string) => string;
    colorCallback?: (parsed: unknown, raw: string) => unknown;
  }
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SvgToPdfOptions,
  ): void;
}
