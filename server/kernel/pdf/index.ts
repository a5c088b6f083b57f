export { renderPdf, renderPrintHtml, closePdfBrowser, pdfSlots, openPdfContexts, defaultHeader, defaultFooter, escapeHtml, CHROMIUM_ARGS, type PdfRequest } from './render-pdf';
