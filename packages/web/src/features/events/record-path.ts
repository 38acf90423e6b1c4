/** The page of each record type an event names (entity types are stored singular or plural). */
const EDIT_PATHS: Record<string, string> = {
  order: '/orders/edit',
  quotation: '/quotations/edit',
  dealer: '/dealers/edit',
  product: '/products/edit',
  partcomponent: '/partComponents/edit',
  part_component: '/partComponents/edit',
  supplier: '/suppliers/edit',
  user: '/users/edit',
  packinglist: '/packinglists/edit',
  purchaseorder: '/purchaseorders/edit',
  task: '/tasks/view',
  project: '/projects/view',
};

/**
 * The page of an event's record, or undefined (unknown type, no id). Callers check the role can reach it.
 * A test checklist's page depends on whether it belongs to an order (its data names `order_id`) or to stock.
 */
export function recordPath(
  entityType: string,
  entityId: number | null | undefined,
  data?: Record<string, unknown>,
): string | undefined {
  if (!entityId) return undefined;
  const key = entityType.toLowerCase();
  if (key === 'test_checklist')
    return `${data?.order_id ? '/testchecklists/test' : '/stocktestchecklists/test'}/${entityId}`;
  const base = EDIT_PATHS[key] ?? (key.endsWith('s') ? EDIT_PATHS[key.slice(0, -1)] : undefined);
  return base ? `${base}/${entityId}` : undefined;
}
