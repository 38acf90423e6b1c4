import { Box, CircularProgress } from '@mui/material';

/** The centred spinner of a page (or lazy route) still loading. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
