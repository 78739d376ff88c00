import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LocalFolderStorage } from './local-folder-storage';
import { S3Storage } from './s3-storage';
import { UPLOAD_STORAGE } from './upload-storage';

export const uploadDir = (config: Pick<AppConfig, 'UPLOAD_DIR' | 'DATA_DIR'>) => config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads');

/** The bucket when S3_BUCKET is set, else the local folder. */
export const uploadStorageProvider: Provider = {
  provide: UPLOAD_STORAGE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => (config.s3 ? new S3Storage(config.s3) : new LocalFolderStorage(uploadDir(config))),
};
