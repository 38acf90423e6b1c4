import { Box, Typography } from '@mui/material';

/** Stand-in for an area whose screens are not built yet (replace via app/routes.tsx). */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <Box data-testid="placeholder-page">
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This screen is coming soon.</Typography>
    </Box>
  );
}
