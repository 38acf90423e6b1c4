import { enqueueSnackbar, type VariantType } from 'notistack';

/** Toasts at the top centre (the SnackbarProvider in app/App.tsx places them). */
export function toast(message: string, variant: VariantType = 'info') {
  enqueueSnackbar(message, { variant, preventDuplicate: true });
}
