import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i];
const QUILL_CLASSES = ['ql-align-center', 'ql-align-right', 'ql-align-justify', 'ql-indent-*'];

/**
 * Rich text (Quill HTML) as stored: an allow-list of the editor toolbar's markup (headers 1–3,
 * bold, italic, underline, strike, lists, colour, background, alignment); everything else is
 * dropped. Links keep only http(s)/mailto and open in a new tab with rel="noopener noreferrer".
 */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h1',
      'h2',
      'h3',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'strike',
      'ol',
      'ul',
      'li',
      'a',
      'span',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      span: ['style'],
      p: ['class', 'style'],
      h1: ['class'],
      h2: ['class'],
      h3: ['class'],
      li: ['class', 'data-list'],
    },
    allowedClasses: { p: QUILL_CLASSES, h1: QUILL_CLASSES, h2: QUILL_CLASSES, h3: QUILL_CLASSES, li: QUILL_CLASSES },
    allowedStyles: {
      span: { color: COLOR, 'background-color': COLOR },
      p: { 'text-align': [/^(left|right|center|justify)$/] },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
      }),
    },
  });
  // An editor left empty sends '<p><br></p>': store it as no description.
  return clean.replace(/<p>(<br\s*\/?>|\s)*<\/p>/g, '').trim() === '' ? '' : clean;
}
