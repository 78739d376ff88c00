import { startRoundRobinProxy } from './round-robin-proxy';

/**
 * The bench's load balancer in a process of its own (the load generator must not share its event
 * loop): `node balancer-process.js <backend URL>…`; it sends its own URL to its parent when listening.
 */
startRoundRobinProxy(process.argv.slice(2)).then(
  (proxy) => process.send?.(proxy.url),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
