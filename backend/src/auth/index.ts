export { AuthModule } from './auth.module';
export { AdminGuard, AdminOnly } from './admin.guard';
export { SESSION_COOKIE, SignInService } from './sign-in.service';
export type { SignedInUser } from './signed-in-user';
export { GOOGLE_ENDPOINTS } from './google-endpoints';
export type { GoogleEndpoints } from './google.strategy';
