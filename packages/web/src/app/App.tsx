import { Box, CircularProgress, CssBaseline, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { restoreSession, useAuth } from '../api/auth-store';
import { queryClient } from '../api/query-client';
import { LoginPage } from './LoginPage';
import { createRouter } from './router';
import { theme } from './theme';

function FullScreenLoader() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="session-loader">
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-label="Restoring session" />
        <Typography sx={{ mt: 2 }} color="text.secondary">
          BPM
        </Typography>
      </Box>
    </Box>
  );
}

function Shell() {
  const auth = useAuth();
  useEffect(restoreSession, []);
  const role = auth.status === 'authenticated' ? auth.session.user.user_role : null;
  const userId = auth.status === 'authenticated' ? auth.session.user.user_id : null;
  // One router per signed-in user: its route table is the role's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new user must get a fresh router
  const router = useMemo(() => (role ? createRouter(role) : null), [role, userId]);
  useEffect(() => {
    // Cached data belongs to the user who loaded it.
    if (auth.status === 'anonymous') queryClient.clear();
  }, [auth.status]);
  if (auth.status === 'restoring') return <FullScreenLoader />;
  if (auth.status === 'anonymous' || !router)
    return <LoginPage error={auth.status === 'anonymous' ? auth.error : undefined} />;
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={5000}>
        <QueryClientProvider client={queryClient}>
          <Shell />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
