export { ShippingModule } from './shipping.module';
export { assertUsZip, shippingCostCents, ShippingMethod } from './shipping-rates';
