import { can } from '@bpm/contract/permissions';
import type { Product } from '@bpm/contract/products';
import { Alert, Box, Chip, LinearProgress, Tab, Tabs } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../api/auth-store';
import { useProduct } from '../../api/products';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ProductInfoForm } from './ProductInfoForm';

// The BOM and test-step tabs (CSV import, drag and drop) load when first opened.
const BomTab = lazy(() => import('./BomTab').then((m) => ({ default: m.BomTab })));
const TestChecklistTab = lazy(() => import('./TestChecklistTab').then((m) => ({ default: m.TestChecklistTab })));
const tabLoading = <LinearProgress aria-label="Loading the tab" />;

type TabKey = 'info' | 'bom' | 'checklist';

/** /products/add and /products/edit/{ProductId}: Product Info, BOM and Test Checklist tabs (document 2 section 2). */
export default function ProductEditPage() {
  const { ProductId } = useParams();
  const id = ProductId ? Number(ProductId) : undefined;
  const product = useProduct(id);
  if (id && !product.data) {
    return product.isError ? (
      <Alert severity="error" data-testid="product-load-error">
        {(product.error as Error).message}
      </Alert>
    ) : (
      <PageLoader />
    );
  }
  // A new id (after add or Duplicate) starts a fresh editor.
  return <ProductEditor key={id ?? 'new'} product={product.data} reload={() => product.refetch()} />;
}

function ProductEditor({ product, reload }: { product?: Product; reload: () => Promise<{ data?: Product }> }) {
  const role = useCurrentUser().user_role;
  const [tab, setTab] = useState<TabKey>('info');
  // Panels stay mounted once visited so unsaved edits survive switching tabs.
  const [visited, setVisited] = useState<Set<TabKey>>(() => new Set(['info']));
  const showBom = !!product && can(role, 'boms.manage');
  const showChecklist = !!product && can(role, 'productTestChecklist.manage');
  const open = (t: TabKey) => {
    setTab(t);
    setVisited((v) => new Set(v).add(t));
  };

  return (
    <Box>
      <PageHeader
        back
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            {product ? `Product ${product.product_code}` : 'New Product'}
            {product && product.active !== 1 && <Chip label="Inactive" size="small" data-testid="product-inactive" />}
          </Box>
        }
      />
      <Tabs value={tab} onChange={(_, t: TabKey) => open(t)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="info" label="Product Info" data-testid="tab-info" />
        {showBom && <Tab value="bom" label="BOM" data-testid="tab-bom" />}
        {showChecklist && <Tab value="checklist" label="Test Checklist" data-testid="tab-checklist" />}
      </Tabs>
      <Box hidden={tab !== 'info'}>
        <ProductInfoForm product={product} reload={reload} />
      </Box>
      {showBom && visited.has('bom') && (
        <Box hidden={tab !== 'bom'}>
          <Suspense fallback={tabLoading}>
            <BomTab product={product} />
          </Suspense>
        </Box>
      )}
      {showChecklist && visited.has('checklist') && (
        <Box hidden={tab !== 'checklist'}>
          <Suspense fallback={tabLoading}>
            <TestChecklistTab product={product} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
