import { PROJECT_ROLE_COLORS, type ProjectRole } from '@bpm/contract/projects';
import { Chip } from '@mui/material';

// Each at least 4.5:1 against the white label text.
const BADGE: Record<string, string> = { purple: '#7b1fa2', teal: '#00796b', blue: '#1976d2', grey: '#757575' };
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function RoleBadge({ role }: { role: ProjectRole }) {
  return (
    <Chip
      size="small"
      label={cap(role)}
      sx={{ bgcolor: BADGE[PROJECT_ROLE_COLORS[role]], color: '#fff' }}
      data-testid={`role-${role}`}
    />
  );
}
