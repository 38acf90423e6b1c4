import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its table is wider than the screen (phones). It takes keyboard
 * focus and is a named region, so keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box tabIndex={0} role="region" aria-label={label} sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}
