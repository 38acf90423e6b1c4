import { MSG } from '@bpm/contract/messages';
import { canReach } from '@bpm/contract/roles';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../../components/format';
import { testExcess } from '../doc-form';
import { MoneyField } from '../fields';
import type { SalesDocFormApi } from '../useSalesDocForm';
import { Section } from './layout';

// Their own chunks (drag and drop, the product picker): the editor's header and fields show first.
export const loadProductLines = () => import('../ProductLines');
const ProductLines = lazy(() => loadProductLines().then((m) => ({ default: m.ProductLines })));
const AddProductDialog = lazy(() => import('../AddProductDialog').then((m) => ({ default: m.AddProductDialog })));

/** The product lines, the add-product dialog and the totals they drive (value, shipping cost, sales). */
export function LinesSection({ f }: { f: SalesDocFormApi }) {
  const { control, editable, info, id, kind, hasLines, totals, lines } = f;
  const [addOpen, setAddOpen] = useState(false);
  const overTested = f.watchedLines.some((l) => l && testExcess(l) > 0);
  return (
    <Section
      title="Products"
      actions={
        <Stack direction="row" spacing={2} alignItems="center">
          {kind === 'order' && id && canReach(f.role, `/testchecklists/${id}`) && (
            <Link component={RouterLink} to={`/testchecklists/${id}`} data-testid="doc-testchecklists">
              Test checklists
            </Link>
          )}
          {editable('products') && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setAddOpen(true)}
              data-testid="add-product"
            >
              Add product
            </Button>
          )}
        </Stack>
      }
    >
      {overTested && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="tests-warning">
          {MSG.testAssignmentWarning}
        </Alert>
      )}
      <Suspense fallback={<LinearProgress aria-label="Loading the product lines" />}>
        <ProductLines
          control={control}
          fields={lines.fields}
          money={info.money}
          editable={editable('products')}
          onMove={lines.move}
          onRemove={lines.remove}
          onShippingFlag={(i, v) => f.setValue(`products.${i}.is_shipping_cost`, v, { shouldDirty: true })}
        />
      </Suspense>
      {info.money && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 2 }}>
          <MoneyField
            control={control}
            name="value"
            label="Value"
            required
            disabled={!editable('value') || hasLines}
            helperText={hasLines ? 'Sum of the product lines' : undefined}
          />
          <MoneyField
            control={control}
            name="shipping_cost"
            label="Shipping cost"
            disabled={!editable('shipping_cost') || hasLines}
            helperText={hasLines ? 'Sum of the shipping-cost lines' : undefined}
          />
          <Box sx={{ alignSelf: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              Sales (value − shipping cost)
            </Typography>
            <Typography variant="h6" data-testid="doc-sales">
              {formatMoney(
                hasLines
                  ? totals.sales
                  : (Number(f.getValues('value')) || 0) - (Number(f.getValues('shipping_cost')) || 0),
                'US$',
              )}
            </Typography>
          </Box>
        </Box>
      )}
      {addOpen && (
        <Suspense fallback={null}>
          <AddProductDialog
            open={addOpen}
            dealer={f.dealer.data ?? null}
            onClose={() => setAddOpen(false)}
            onSelect={(line) => {
              lines.append(line);
              setAddOpen(false);
            }}
          />
        </Suspense>
      )}
    </Section>
  );
}
