import { MSG } from '@bpm/contract/messages';
import {
  Alert,
  AppBar,
  Backdrop,
  Box,
  Button,
  CircularProgress,
  FormControl,
  InputLabel,
  OutlinedInput,
  Paper,
  Toolbar,
  Typography,
} from '@mui/material';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { dismissAuthError } from '../api/auth-store';
import { login } from '../api/client';
import { ApiError } from '../api/errors';
import { toast } from '../api/notify';

/**
 * What TextField renders (outlined input with a floating label), without TextField's select mode:
 * that would bring Select, Menu and Popover into the one chunk the login screen loads.
 */
function LoginField(p: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <FormControl variant="outlined">
      <InputLabel htmlFor={id}>{p.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={p.label}
        name={p.name}
        type={p.type}
        autoComplete={p.autoComplete}
        autoFocus={p.autoFocus}
        value={p.value}
        onChange={p.onChange}
        inputProps={{ 'data-testid': p.testId }}
      />
    </FormControl>
  );
}

/** The login screen (document 1 section 2.1); `error` is the restore/refresh failure banner. */
export function LoginPage({ error }: { error?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    dismissAuthError();
    setBusy(true);
    try {
      await login(username.trim(), password);
      // The shell replaces this screen as soon as the session is set.
    } catch (err) {
      toast(err instanceof ApiError ? err.message : MSG.internal, 'error');
      setBusy(false);
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#fafafa' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Typography variant="h6" sx={{ fontWeight: 700, letterSpacing: 2 }}>
            BPM
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, pt: { xs: 4, sm: 10 } }}>
        <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 400 }}>
          <Typography variant="h4" component="h1" align="center" sx={{ fontWeight: 700, mb: 3 }}>
            BPM
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="login-banner">
              {error}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <LoginField
              label="Username"
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              testId="login-username"
            />
            <LoginField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              testId="login-password"
            />
            {missing && (
              <Alert severity="warning" data-testid="login-missing">
                {MSG.loginRequired}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" data-testid="login-submit">
              Log In
            </Button>
          </Box>
        </Paper>
      </Box>
      <Backdrop open={busy} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff' }} data-testid="login-spinner">
        <CircularProgress color="inherit" aria-label="Signing in" />
      </Backdrop>
    </Box>
  );
}
