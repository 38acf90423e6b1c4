import { PoHistoryRecordPage } from './PoHistoryPages';

export default PoHistoryRecordPage;
