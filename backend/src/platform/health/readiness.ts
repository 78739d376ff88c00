import { Injectable } from '@nestjs/common';

/**
 * Whether this process wants new requests. On SIGTERM it stops wanting them first (readiness and
 * health answer 503, so the load balancer takes it out) and keeps serving for SHUTDOWN_DRAIN_MS
 * before its listener closes; see `closeGracefully`.
 */
@Injectable()
export class Readiness {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  drain(): void {
    this.isDraining = true;
  }
}
