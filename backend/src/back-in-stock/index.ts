export { BackInStockModule } from './back-in-stock.module';
