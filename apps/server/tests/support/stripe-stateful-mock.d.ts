declare module 'stripe-stateful-mock' {
  import type { RequestListener } from 'node:http';
  /** The mock's Express app, as a request listener for node:http. */
  export function createExpressApp(): RequestListener;
}
