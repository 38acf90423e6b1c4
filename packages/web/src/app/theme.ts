import { createTheme } from '@mui/material/styles';

/**
 * A focus ring visible on both the white page and the black app bar (blue: 5.7:1 on white,
 * 3.6:1 on black — WCAG 2.4.7 / 1.4.11), for keyboard focus only (:focus-visible).
 */
const FOCUS_RING = { outline: '2px solid #1565c0', outlineOffset: 2 };

/** Light theme, primary black (document 1 section 9). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#000000', contrastText: '#ffffff' },
    secondary: { main: '#616161' },
    // Darker than MUI's defaults so white chip text and warning/info text reach 4.5:1 (axe color-contrast).
    warning: { main: '#b35000', contrastText: '#ffffff' },
    info: { main: '#0277bd', contrastText: '#ffffff' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [role="tab"]:focus-visible, [role="menuitem"]:focus-visible, [role="row"]:focus-visible, [tabindex="0"]:focus-visible, .Mui-focusVisible':
          FOCUS_RING,
        // notistack's toast colours (green #43a047, orange, light blue) give white text < 4.5:1; these reach it.
        '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
        '.notistack-MuiContent.notistack-MuiContent-error': { backgroundColor: '#c62828' },
        '.notistack-MuiContent.notistack-MuiContent-warning': { backgroundColor: '#b35000' },
        '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#0277bd' },
      },
    },
    // A disabled field's helper text still has to be readable (MUI's disabled grey is 2.6:1).
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
  },
});
