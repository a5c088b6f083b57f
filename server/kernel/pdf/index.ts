export { renderPdf, renderPrintHtml, closePdfBrowser, defaultHeader, defaultFooter, escapeHtml, CHROMIUM_ARGS, type PdfRequest } from './render-pdf';
