import { MENUS } from '@bpm/contract/roles';
import { Box, Chip, Drawer, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { useCan, useCurrentUser } from '../api/auth-store';
import { logout } from '../api/client';
import { useQueueCount } from '../api/test-checklists';
import { VISUALLY_HIDDEN } from '../components/visually-hidden';

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
            // The count sits beside the entry, outside its button: the entry's name stays the spec's label.
            <ListItem
              key={entry.label}
              component="div"
              disablePadding
              secondaryAction={entry.path === '/testchecklists' ? <QueueCount /> : undefined}
            >
              <ListItemButton
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
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}

/**
 * Beside Test Checklists: how many checklists wait for this person — QA's passed ones to sign, or the open ones
 * assigned to whoever enters results. Nothing for the other roles or when none wait.
 */
function QueueCount() {
  const can = useCan();
  const view = can('testChecklists.sign') ? 'signoff' : can('testChecklists.result') ? 'mine' : undefined;
  const count = useQueueCount(view).data ?? 0;
  if (!count) return null;
  const label = view === 'signoff' ? `${count} awaiting sign-off` : `${count} assigned to you`;
  // The count is shown; a screen reader hears what it counts.
  return (
    <Chip
      size="small"
      color="primary"
      data-testid="menu-queue-count"
      label={
        <>
          <span aria-hidden="true">{count}</span>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {label}
          </Box>
        </>
      }
    />
  );
}
