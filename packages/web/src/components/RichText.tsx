import { Box, type SxProps } from '@mui/material';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Shows stored rich text (Quill HTML) after sanitising it with DOMPurify; links open in a new tab. */
export function RichText({
  html,
  sx,
  testId = 'rich-text',
}: {
  html: string | null | undefined;
  sx?: SxProps;
  testId?: string;
}) {
  const clean = useMemo(() => sanitize(html ?? ''), [html]);
  return (
    <Box
      className="rich-text"
      data-testid={testId}
      sx={{ '& p': { my: 0.5 }, wordBreak: 'break-word', ...sx }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

let hooked = false;
export function sanitize(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
