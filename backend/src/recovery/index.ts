export { RecoveryModule } from './recovery.module';
