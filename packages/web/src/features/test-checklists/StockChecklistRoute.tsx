import { StockChecklistPage } from './ChecklistPage';

/** /stocktestchecklists/test/{ChecklistId}. */
export default StockChecklistPage;
