import { ROLE_LABELS } from '@bpm/contract/roles';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Avatar,
  Box,
  Divider,
  IconButton,
  InputBase,
  ListItemIcon,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan, useCurrentUser } from '../api/auth-store';
import { logout } from '../api/client';
import { useProfile } from '../api/session';
import { passportPath } from '../api/units';
import { avatarColor, displayEmail, initials } from './avatar';

/** The logo, linking to /orders (document 1 section 2.2). */
export function Logo() {
  return (
    <Typography
      component={Link}
      to="/orders"
      variant="h6"
      data-testid="logo"
      sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, letterSpacing: 2 }}
    >
      BPM
    </Typography>
  );
}

export function TopBar({ onMenu }: { onMenu: () => void }) {
  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar>
        <IconButton color="inherit" edge="start" aria-label="Open menu" data-testid="menu-button" onClick={onMenu}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ ml: 1, flexGrow: 1 }}>
          <Logo />
        </Box>
        <SerialSearch />
        <AvatarMenu />
      </Toolbar>
    </AppBar>
  );
}

function AvatarMenu() {
  const user = useCurrentUser();
  const profile = useProfile(user.user_id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const p = profile.data;
  // A failed profile load falls back to the username (document 1 section 8).
  const fullName = p ? `${p.first_name} ${p.last_name}`.trim() || user.username : user.username;
  const shown = initials(p?.first_name, p?.last_name, user.username);
  return (
    <>
      <Tooltip title={fullName}>
        {/* The name starts with the visible initials (WCAG 2.5.3, label in name). */}
        <IconButton
          aria-label={`${shown} – Account menu of ${fullName}`}
          data-testid="avatar-button"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Avatar
            sx={() => {
              const bg = avatarColor(user.username);
              // The better of white and black: getContrastText only guarantees 3:1, axe asks 4.5:1.
              const fg = getContrastRatio(bg, '#fff') >= getContrastRatio(bg, '#000') ? '#fff' : '#000';
              return { bgcolor: bg, color: fg, width: 36, height: 36, fontSize: 16 };
            }}
          >
            {shown}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Account' } as object }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }} data-testid="avatar-menu-info">
          <Typography fontWeight={600} data-testid="avatar-full-name">
            {fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="avatar-email">
            {displayEmail(p?.email, user.username)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="avatar-role">
            {ROLE_LABELS[user.user_role]}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          data-testid="avatar-logout"
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

/** Find a serial: Enter opens its passport (a scanner types the serial, then Enter). */
function SerialSearch() {
  const can = useCan();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  if (!can('units.passport')) return null;
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        const serial = value.trim();
        if (!serial) return;
        setValue('');
        void navigate(passportPath(serial));
      }}
      sx={{ mr: 1, px: 1, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.15)', display: { xs: 'none', sm: 'block' } }}
    >
      <InputBase
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Find a serial"
        inputProps={{ 'aria-label': 'Find a serial', 'data-testid': 'serial-search' }}
        sx={{ color: 'inherit', width: 180 }}
      />
    </Box>
  );
}
