import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { AbandonedCartsReader } from './abandoned-carts.reader';
import { CartRestore } from './cart-restore';
import { RecoveryController } from './recovery.controller';
import { RecoveryEmailJob } from './recovery-email.job';
import { RecoveryFunnelReader } from './recovery-funnel.reader';
import { RecoveryLinks } from './recovery-links';
import { RecoveryAddresses } from './recovery-address';
import { RecoveryPagesController } from './recovery-pages.controller';
import { RecoveryScanJob } from './recovery-scan.job';
import { RecoverySequenceJob } from './recovery-sequence.job';
import { TestCartMaker } from './test-cart';

@Module({
  imports: [CartModule, CatalogModule],
  controllers: [RecoveryController, RecoveryPagesController],
  providers: [AbandonedCartsReader, CartRestore, RecoveryEmailJob, RecoveryFunnelReader, RecoveryLinks, RecoveryAddresses, RecoveryScanJob, RecoverySequenceJob, TestCartMaker],
})
export class RecoveryModule {}
