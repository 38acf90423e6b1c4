import { EVENT_KINDS } from '@bpm/contract/events';
import { type ComponentType, lazy } from 'react';
import { preloadable } from '../components/preloadable';

type Page = ComponentType & { preload?: () => Promise<void> };

/**
 * The one route registry: client path pattern (exactly as in contract ROUTES) → lazily loaded page.
 * A pattern a role may reach that is not listed here shows a placeholder titled by its area
 * (AREA_TITLES). To build a screen, add its patterns here; nothing else in the shell changes.
 */
const users = lazy(() => import('../features/users/UsersPage'));
const userForm = lazy(() => import('../features/users/UserFormPage'));
const events = lazy(() => import('../features/events/EventsPage'));
const ordersList = lazy(() => import('../features/orders/OrdersListPage'));
const quotationsList = lazy(() => import('../features/quotations/QuotationsListPage'));
const dealersList = lazy(() => import('../features/dealers/DealersPage'));
const dealerForm = lazy(() => import('../features/dealers/DealerFormPage'));
// The dashboard's chart chunk starts loading with the page (not after its figures arrive).
const dashboard = preloadable<object>(() =>
  import('../features/dashboard/DashboardPage').then((m) => {
    void m.preloadParts();
    return m;
  }),
);
const orderEditor = lazy(() => import('../features/sales-docs/OrderEditorPage'));
const quotationEditor = lazy(() => import('../features/sales-docs/QuotationEditorPage'));
const products = lazy(() => import('../features/products/ProductsPage'));
const productEdit = lazy(() => import('../features/products/ProductEditPage'));
const partComponents = lazy(() => import('../features/part-components/PartComponentsPage'));
const partComponentForm = lazy(() => import('../features/part-components/PartComponentFormPage'));
const suppliers = lazy(() => import('../features/suppliers/SuppliersPage'));
const supplierForm = lazy(() => import('../features/suppliers/SupplierFormPage'));
const genlic = lazy(() => import('../features/license/GenLicPage'));
const reports = lazy(() => import('../features/reports/ReportsPage'));
const tasksList = lazy(() => import('../features/tasks/TasksPage'));
const taskForm = lazy(() => import('../features/tasks/TaskFormPage'));
const taskView = lazy(() => import('../features/tasks/TaskViewPage'));
const projectsList = lazy(() => import('../features/projects/ProjectsPage'));
const projectForm = lazy(() => import('../features/projects/ProjectFormPage'));
const projectView = lazy(() => import('../features/projects/ProjectViewPage'));
const purchaseOrders = lazy(() => import('../features/purchase-orders/PurchaseOrdersPage'));
const purchaseOrderForm = lazy(() => import('../features/purchase-orders/PurchaseOrderFormPage'));
const poHistory = lazy(() => import('../features/purchase-orders/PoHistoryPages'));
const poHistoryRecord = lazy(() => import('../features/purchase-orders/PoHistoryRecordPage'));
const testOrders = lazy(() => import('../features/test-checklists/TestOrdersPage'));
const testOrder = lazy(() => import('../features/test-checklists/TestOrderPage'));
const testChecklist = lazy(() => import('../features/test-checklists/ChecklistPage'));
const stockProducts = lazy(() => import('../features/test-checklists/StockProductsPage'));
const stockProduct = lazy(() => import('../features/test-checklists/StockProductPage'));
const stockChecklist = lazy(() => import('../features/test-checklists/StockChecklistRoute'));
const packingLists = lazy(() => import('../features/packing-lists/PackingListsPage'));
const packingListEdit = lazy(() => import('../features/packing-lists/PackingListEditPage'));
const passport = lazy(() => import('../features/passport/PassportPage'));
const companySettings = lazy(() => import('../features/company/CompanySettingsPage'));
const backup = lazy(() => import('../features/backup/BackupPage'));
const importPage = lazy(() => import('../features/imports/ImportPage'));

export const PAGES: Record<string, Page> = {
  '/users': users,
  '/users/add': userForm,
  '/users/edit/:UserId': userForm,
  '/events': events,
  '/orders': ordersList,
  '/quotations': quotationsList,
  '/dealers': dealersList,
  '/dealers/add': dealerForm,
  '/dealers/edit/:DealerId': dealerForm,
  '/dashboard': dashboard,
  '/dashboard/:dealerId': dashboard,
  '/dashboard/:supplierId': dashboard, // purchase's supplier dashboard (doc 1 section 2.4)
  '/orders/add': orderEditor,
  '/orders/edit/:OrderId': orderEditor,
  '/quotations/add': quotationEditor,
  '/quotations/edit/:QuotationId': quotationEditor,
  '/products': products,
  '/products/add': productEdit,
  '/products/edit/:ProductId': productEdit,
  '/partComponents': partComponents,
  '/partComponents/add': partComponentForm,
  '/partComponents/edit/:id': partComponentForm,
  '/suppliers': suppliers,
  '/suppliers/add': supplierForm,
  '/suppliers/edit/:SupplierId': supplierForm,
  '/genlic': genlic,
  '/reports': reports,
  '/tasks': tasksList,
  '/tasks/add': taskForm,
  '/tasks/edit/:TaskId': taskForm,
  '/tasks/view/:TaskId': taskView,
  '/projects': projectsList,
  '/projects/add': projectForm,
  '/projects/edit/:ProjectId': projectForm,
  '/projects/view/:ProjectId': projectView,
  '/purchaseorders': purchaseOrders,
  '/purchaseorders/add': purchaseOrderForm,
  '/purchaseorders/edit/:PurchaseOrderId': purchaseOrderForm,
  '/purchaseorders/history/:PurchaseOrderId': poHistory,
  '/purchaseorders/history/:PurchaseOrderId/:PurchaseOrderHistoryId': poHistoryRecord,
  '/testchecklists': testOrders,
  '/testchecklists/:OrderId': testOrder,
  '/testchecklists/test/:ChecklistId': testChecklist,
  '/stocktestchecklists': stockProducts,
  '/stocktestchecklists/:ProductId': stockProduct,
  '/stocktestchecklists/test/:ChecklistId': stockChecklist,
  '/packinglists': packingLists,
  '/packinglists/add': packingListEdit,
  '/packinglists/edit/:PackingListId': packingListEdit,
  '/serials/:Serial': passport,
  '/settings': companySettings,
  '/settings/backup': backup,
  '/import': importPage,
  ...Object.fromEntries(EVENT_KINDS.map((k) => [`/events/${k}/:ParamId`, events])),
};

/** Area titles (first path segment) for placeholder pages. */
export const AREA_TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  products: 'Products',
  quotations: 'Quotations',
  orders: 'Orders',
  dealers: 'Dealers',
  partComponents: 'Part Components',
  suppliers: 'Suppliers',
  users: 'Users',
  events: 'Events',
  reports: 'Reports',
  genlic: 'License Generator',
  packinglists: 'Packing Lists',
  purchaseorders: 'Purchase Orders',
  testchecklists: 'Test Checklists',
  stocktestchecklists: 'Stock Test Checklists',
  tasks: 'My Tasks',
  projects: 'Projects',
  serials: 'Serial',
  settings: 'Settings',
  import: 'Import',
};

export function areaTitle(pattern: string): string {
  const area = pattern.split('/').filter(Boolean)[0] ?? '';
  return AREA_TITLES[area] ?? area;
}
