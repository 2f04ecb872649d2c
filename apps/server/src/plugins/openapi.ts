import swagger from '@fastify/swagger';
import { FILE_MEDIA_TYPES } from '@parlo/contract/fields';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown>;

/**
 * The zod schemas describe JSON. Answers that are not JSON are documented as what they are: 204 has no
 * body, 302 a Location header, and a file answer (`fileAnswer` in the contract) its media types as binary.
 */
function documentAnswer(status: string, schema: JsonSchema): JsonSchema {
  const description = typeof schema.description === 'string' ? schema.description : 'No content';
  if (status === '204') return { type: 'null', description };
  if (status === '302') {
    return {
      type: 'null',
      description,
      headers: { Location: { type: 'string', description: 'Where the browser goes next' } },
    };
  }
  const mediaTypes = schema[FILE_MEDIA_TYPES];
  if (Array.isArray(mediaTypes)) {
    const binary = { schema: { type: 'string', format: 'binary' } };
    return { description, content: Object.fromEntries(mediaTypes.map((type: string) => [type, binary])) };
  }
  return schema;
}

const transform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const response = transformed.schema.response as Record<string, JsonSchema> | undefined;
  if (!response) return transformed;
  const documented = Object.fromEntries(
    Object.entries(response).map(([status, schema]) => [status, documentAnswer(status, schema)]),
  );
  return { ...transformed, schema: { ...transformed.schema, response: documented } };
};

/**
 * Named schemas in alphabetical order: zod registers them as their modules are evaluated, and the document
 * must not change when an import moves.
 */
const transformObject: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas;
  if (!schemas) return document as ReturnType<typeof jsonSchemaTransformObject>;
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...document, components: { ...document.components, schemas: sorted } } as ReturnType<
    typeof jsonSchemaTransformObject
  >;
};

/** The OpenAPI document is generated from the zod schemas every route declares. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Parlo API',
        description: 'Language learning: accounts, courses, lessons, leaderboard.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
          bearer: { type: 'http', scheme: 'bearer' },
          accessTokenHeader: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
        },
      },
    },
    transform,
    transformObject,
  });
}

export function openApiRoute(app: FastifyInstance): void {
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  );
}
