import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A dashboard card; without data it keeps a spinner (failures leave the loading state, no message). */
export function DashboardCard({
  title,
  action,
  loading,
  children,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  loading?: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: 17 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading" />
          </Box>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
