import { Box } from '@mui/material';
import { useDealerOptions } from '../../../../api/dealers';
import { FormTextField } from '../../../../components/FormTextField';
import { CheckField, DateField, DealerField } from '../fields';
import type { SalesDocFormApi } from '../useSalesDocForm';
import { Grid, Section } from './layout';

/** Dealer, date, references and the hide-discount flag (document 1 section 2.8). */
export function GeneralSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable, current, dealerId, info } = f;
  const dealerOptions = useDealerOptions(editable('dealer'));
  const currentDealerOption =
    current && dealerId === current.dealer
      ? { id: current.dealer, name: current.dealer_name, label: `${current.dealer_name} [${current.dealer}]` }
      : null;
  const options = dealerOptions.data ?? (currentDealerOption ? [currentDealerOption] : []);
  return (
    <Section title="General">
      <Grid>
        <Box sx={{ gridColumn: { md: 'span 2' } }}>
          <DealerField
            value={dealerId}
            options={options}
            fallback={currentDealerOption}
            disabled={!editable('dealer')}
            error={f.formState.errors.dealer?.message}
            loading={dealerOptions.isFetching}
            onChange={(v) => void f.onDealerChange(v)}
          />
        </Box>
        <DateField control={control} name="date" label="Date" required disabled={!editable('date')} />
        <FormTextField control={control} name="quote_ref" label="Quote Ref" disabled={!editable('quote_ref')} />
        <FormTextField
          control={control}
          name="oc_ref"
          label="OC Ref"
          required={info.ocRequired}
          disabled={!editable('oc_ref')}
        />
        <FormTextField control={control} name="invoice" label="Invoice" disabled={!editable('invoice')} />
        <FormTextField
          control={control}
          name="customer_ref"
          label="Customer Ref"
          disabled={!editable('customer_ref')}
        />
        <CheckField
          control={control}
          name="hide_discount"
          label="Hide discount"
          disabled={!editable('hide_discount')}
        />
      </Grid>
    </Section>
  );
}
