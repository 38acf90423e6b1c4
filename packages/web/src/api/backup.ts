import { api } from './client';

/** GET /backup/download: the whole database and its files as one archive (administrator). */
export const downloadBackup = () => api.download('/backup/download');
