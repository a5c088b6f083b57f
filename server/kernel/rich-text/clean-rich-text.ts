import sanitizeHtml from 'sanitize-html';

const LINK_SCHEME = /^(https?:\/\/|mailto:)/i;

/** True for an image source the editor may keep: a site-relative path or an https URL. */
function isAllowedImageSrc(src: string): boolean {
  return (src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\')) || /^https:\/\//i.test(src);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li', 'blockquote', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // Only absolute web and mail links: anything else loses its href but keeps its text.
      if (!LINK_SCHEME.test(href)) return { tagName, attribs: {} };
      return { tagName, attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      const kept: Record<string, string> = isAllowedImageSrc(src) ? { src } : {};
      if (kept.src && attribs.alt) kept.alt = attribs.alt;
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Cleans HTML from the rich-text editor on save, keeping only what its toolbar makes:
 * paragraphs, bold, italic, lists, quotes, http(s)/mailto links (opened in a new tab without
 * opener) and images from the site or https.
 */
export function cleanRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
