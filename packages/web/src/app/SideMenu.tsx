import { MENUS } from '@bpm/contract/roles';
import { Box, Drawer, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../api/auth-store';
import { logout } from '../api/client';

/** The side menu: exactly MENUS[role] (document 1 section 2.3). */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    // The drawer is a modal dialog: named by its heading (axe aria-dialog-name).
    <Drawer
      open={open}
      onClose={onClose}
      data-testid="side-menu"
      slotProps={{ paper: { 'aria-labelledby': 'side-menu-title' } }}
    >
      <Box sx={{ width: 280 }} role="presentation">
        <Typography id="side-menu-title" variant="subtitle1" sx={{ px: 2, pt: 2, pb: 1, fontWeight: 600 }}>
          What would you like to do?
        </Typography>
        <List component="nav" aria-label="Main menu" dense>
          {MENUS[user.user_role].map((entry) => (
            <ListItemButton
              key={entry.label}
              data-testid={`menu-${entry.path ? entry.path.slice(1) : 'logout'}`}
              selected={!!entry.path && (pathname === entry.path || pathname.startsWith(`${entry.path}/`))}
              onClick={() => {
                onClose();
                if (entry.path) navigate(entry.path);
                else void logout();
              }}
            >
              <ListItemText primary={entry.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
