import path from 'node:path';

/** Where a store's export files are written: `DATA_DIR/exports/<shop>/`. */
export const exportDir = (dataDir: string, shopId: string) => path.join(dataDir, 'exports', shopId);
