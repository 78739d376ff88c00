import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { AbandonedCartsReader } from './abandoned-carts.reader';
import { RecoveryController } from './recovery.controller';
import { RecoveryEmailJob } from './recovery-email.job';
import { TestCartMaker } from './test-cart';

@Module({
  imports: [CartModule, CatalogModule],
  controllers: [RecoveryController],
  providers: [AbandonedCartsReader, RecoveryEmailJob, TestCartMaker],
})
export class RecoveryModule {}
