import { Box, CircularProgress, CssBaseline, Typography } from '@mui/material';
import { styled, ThemeProvider } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { Suspense, useEffect } from 'react';
import { restoreSession, useAuth } from '../api/auth-store';
import { onSessionChange, type Session } from '../api/client';
import { preloadable, whenIdle } from '../components/preloadable';
import { LoginPage } from './LoginPage';
import { theme } from './theme';

// Everything behind sign-in is its own chunk: the login screen loads only what it shows. While it
// waits for the user to type, the signed-in shell and the dashboard (the landing page of four roles)
// load, so LOGIN then waits for the server only.
const SignedIn = preloadable(() => import('./SignedIn'));
let prefetchLanding: ((s: Session) => void) | undefined;
const preloadSignedIn = () =>
  void SignedIn.preload()
    .then(() => import('./routes'))
    .then((r) => r.PAGES['/dashboard']?.preload?.())
    .then(() => Promise.all([import('./canonical-path'), import('../features/dashboard/landing')]))
    .then(([paths, landing]) => {
      prefetchLanding = ({ user }) =>
        landing.prefetchLanding(
          user.user_role,
          user.user_id,
          paths.shownRoute(user.user_role, window.location.pathname),
          window.location.search,
        );
    })
    .catch(() => undefined);

// A new sign-in (not a token refresh): the landing page's data is asked for now, while the shell renders (this
// listener runs after the auth store's, before React renders the signed-in app).
let signedIn = false;
onSessionChange((s) => {
  const fresh = !!s && !signedIn;
  signedIn = !!s;
  if (s && fresh) prefetchLanding?.(s);
});

/**
 * Toast colours with at least 4.5:1 contrast for their white text (notistack's own green, orange and
 * blue fail axe's color-contrast rule): the darker shades of the same hues.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
});
const TOASTS = { success: Toast, warning: Toast, info: Toast, error: Toast, default: Toast };

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
  const anonymous = auth.status === 'anonymous';
  useEffect(() => (anonymous ? whenIdle(preloadSignedIn) : undefined), [anonymous]);
  const role = auth.status === 'authenticated' ? auth.session.user.user_role : null;
  const userId = auth.status === 'authenticated' ? auth.session.user.user_id : null;
  if (auth.status === 'restoring') return <FullScreenLoader />;
  if (auth.status === 'anonymous' || !role)
    return <LoginPage error={auth.status === 'anonymous' ? auth.error : undefined} />;
  // One router per signed-in user (keyed): its route table is the role's.
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <SignedIn key={`${userId}:${role}`} role={role} />
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={5000}
        Components={TOASTS}
      >
        <Shell />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
