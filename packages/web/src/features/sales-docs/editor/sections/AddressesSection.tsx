import { Box, Paper, Typography } from '@mui/material';
import { FormTextField } from '../../../../components/FormTextField';
import { CountryField } from '../fields';
import type { SalesDocFormApi } from '../useSalesDocForm';

/** Billing and shipping address blocks (copied from the dealer, editable per document). */
export function AddressesSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable } = f;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 2 }}>
      {(['billing', 'shipping'] as const).map((b) => (
        <Paper key={b} variant="outlined" sx={{ p: 2 }} data-testid={`section-${b}-address`}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {b === 'billing' ? 'Billing' : 'Shipping address'}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <CountryField
              control={control}
              name={`${b}_country`}
              label="Country"
              disabled={!editable(`${b}_country`)}
            />
            <FormTextField
              control={control}
              name={`${b}_company`}
              label="Company"
              disabled={!editable(`${b}_company`)}
            />
            <Box sx={{ gridColumn: { sm: 'span 2' } }}>
              <FormTextField
                control={control}
                name={`${b}_address`}
                label="Address"
                multiline
                minRows={2}
                fullWidth
                disabled={!editable(`${b}_address`)}
              />
            </Box>
            <FormTextField control={control} name={`${b}_vat`} label="VAT" disabled={!editable(`${b}_vat`)} />
            <FormTextField
              control={control}
              name={`${b}_email`}
              label="Email"
              type="email"
              disabled={!editable(`${b}_email`)}
            />
            <FormTextField control={control} name={`${b}_phone`} label="Phone" disabled={!editable(`${b}_phone`)} />
            <FormTextField control={control} name={`${b}_mobile`} label="Mobile" disabled={!editable(`${b}_mobile`)} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
