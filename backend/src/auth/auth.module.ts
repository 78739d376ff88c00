import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AdminGuard } from './admin.guard';
import { AuthController } from './auth.controller';
import { GOOGLE_ENDPOINTS, GoogleConnection } from './google-endpoints';
import { GoogleEndpoints, GoogleStrategy } from './google.strategy';
import { SessionStore } from './session-store';
import { SignInService } from './sign-in.service';

/** Google sign-in, server-side sessions, and the guard every admin route stands behind. */
@Global()
@Module({
  imports: [PassportModule.register({ session: false })],
  controllers: [AuthController],
  providers: [
    GoogleConnection,
    { provide: GOOGLE_ENDPOINTS, inject: [GoogleConnection], useFactory: (connection: GoogleConnection) => connection.endpoints() },
    { provide: GoogleStrategy, inject: [GOOGLE_ENDPOINTS], useFactory: (endpoints: GoogleEndpoints) => new GoogleStrategy(endpoints) },
    SessionStore,
    SignInService,
    AdminGuard,
  ],
  exports: [SignInService, AdminGuard],
})
export class AuthModule {}
