/** Client-side messages of the products screens (document 2 sections 5 and 8), word for word. */
export const PRODUCT_UI_MSG = {
  saveFailed: 'Failed to save product',
  bomRevFailed: 'Failed to save BOM REV',
  testRevFailed: 'Failed to save Test Checklist REV',
  reorderFailed: 'Failed to update checklist order',
  selectCsv: 'Please select a valid CSV file',
  dropCsv: 'Please drop a valid CSV file',
  importFailed: 'Import failed',
  deleteLineConfirm: 'Are you sure you want to delete this BOM line?',
  deleteStepConfirm: 'Are you sure you want to delete this test step?',
} as const;
