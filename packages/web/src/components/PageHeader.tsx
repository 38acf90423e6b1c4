import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A page title with an optional back button (navigate(-1)) and actions on the right. */
export function PageHeader({ title, back, actions }: { title: ReactNode; back?: boolean; actions?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      {back && (
        <IconButton aria-label="Back" data-testid="back-button" onClick={() => navigate(-1)}>
          <ArrowBackIcon />
        </IconButton>
      )}
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
