import { useMediaQuery } from '@mui/material';

/** The width at which lists and cards take their phone layout (MUI's `sm` breakpoint, 600 px). */
const PHONE = '(max-width:600px)';

/** Whether the screen is phone-sized: tables become cards whose actions stay in view. */
export const usePhone = () => useMediaQuery(PHONE);
