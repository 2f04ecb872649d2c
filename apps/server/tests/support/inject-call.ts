import {
  callUrl,
  type ApiCall,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResponse,
} from '@parlo/contract/call';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * What a test sends with a call, typed by its contract: path parameters and query as the server reads them,
 * the body as sent, and any headers (a learner's `authorization`, an `if-none-match`). `rawBody` sends a
 * body the contract's type would not let through, for the tests of refusals. `cookies` are sent as a browser
 * would send them, and `remoteAddress` is the client's address (the rate limits count per address).
 */
export type InjectInput<Call extends ApiCall> = (CallParams<Call> extends undefined
  ? { params?: undefined }
  : { params: CallParams<Call> }) &
  (CallQuery<Call> extends undefined ? { query?: undefined } : { query?: CallQuery<Call> }) &
  (CallBody<Call> extends undefined
    ? { body?: undefined; rawBody?: undefined }
    : { body: CallBody<Call>; rawBody?: undefined } | { body?: undefined; rawBody: unknown }) & {
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    remoteAddress?: string;
  };

/** The answer as `inject` gives it, plus `data`: the success body parsed by the call's response schema. */
export type CallAnswer<Call extends ApiCall> = LightMyRequestResponse & {
  /**
   * The body parsed (and so typed) by the contract's response schema. Reading it fails the test, with the
   * answer in the message, unless the call answered its success status.
   */
  readonly data: CallResponse<Call>;
};

/**
 * Sends one contract call (packages/contract) through `app.inject`: method and path come from the call, the
 * path's `:name` parameters and the query from `input`, so no test writes an API URL by hand.
 */
export async function injectCall<Call extends ApiCall>(
  app: FastifyInstance,
  call: Call,
  ...[input]: InjectInput<Call> extends { params?: undefined; body?: undefined }
    ? [input?: InjectInput<Call>]
    : [input: InjectInput<Call>]
): Promise<CallAnswer<Call>> {
  const response = await app.inject({
    method: call.method,
    url: callUrl(call, input?.params, input?.query),
    ...(input?.headers ? { headers: input.headers } : {}),
    ...(input?.cookies && Object.keys(input.cookies).length > 0 ? { cookies: input.cookies } : {}),
    ...(input?.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
    ...(input?.body === undefined && input?.rawBody === undefined
      ? {}
      : { payload: (input.body ?? input.rawBody) as object }),
  });
  const parse = (): CallResponse<Call> => {
    if (response.statusCode !== call.status) {
      throw new Error(
        `${call.method} ${call.path} answered ${response.statusCode}, not ${call.status}: ${response.body}`,
      );
    }
    // zod types `parse` by the schema it is called on, here any call's: the call's own output is meant.
    return call.response.parse(
      response.body === '' ? undefined : JSON.parse(response.body),
    ) as CallResponse<Call>;
  };
  return Object.defineProperty(response, 'data', { get: parse }) as CallAnswer<Call>;
}
