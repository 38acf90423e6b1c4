/**
 * A row with a row link: the link's ::after covers the whole row (the row is its containing block), so a click
 * anywhere is a click on the <a>; buttons and links inside other cells stay above it. Focus shows on the row.
 */
export const ROW_LINK_SX = {
  position: 'relative',
  '& a[data-row-link]::after': { content: '""', position: 'absolute', inset: 0 },
  '& a[data-row-link]:focus-visible': { outline: 'none' },
  '&:has(a[data-row-link]:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
  },
  '& button, & a:not([data-row-link]), & input': { position: 'relative', zIndex: 1 },
} as const;
