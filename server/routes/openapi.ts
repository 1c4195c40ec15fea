import type { Hono, MiddlewareHandler } from 'hono';
import { describeRoute, generateSpecs, resolver } from 'hono-openapi';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ApiErrorSchema } from '#contract/errors.ts';

/**
 * The API described once, from the code: each route carries `doc(…)` (hono-openapi's
 * describeRoute) naming the contract/ valibot schemas it reads and answers, and
 * GET /api/openapi.json is the OpenAPI 3.1 document generated from them (@valibot/to-json-schema).
 * A test walks the app's routes and fails for one the document does not describe
 * (tests/api/openapi.test.ts), and the seed's calls are checked against it.
 */

type Schema = v.GenericSchema;

export interface RouteDoc {
  summary: string;
  /** Groups in the document: 'seed' marks the calls of SPEC.md section 7. */
  tags: string[];
  description?: string;
  /** The JSON body's schema (as the client sends it: the schema's input). */
  body?: Schema;
  /** Another body than JSON (a form, an upload). */
  bodyMedia?: string;
  /** The query's schema: each property a query parameter. */
  query?: Schema;
  /** Request headers the route reads. */
  headers?: { name: string; description: string }[];
  /** Status -> description, or [description, JSON schema of the answer], or [description, media type]. */
  responses: Record<number, string | [string, Schema] | [string, { media: string }]>;
}

const REQUEST = { errorMode: 'ignore', typeMode: 'input' } as const;
const ANSWER = { errorMode: 'ignore', typeMode: 'output' } as const;

function queryParameters(schema: Schema) {
  const json = toJsonSchema(schema, REQUEST) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query' as const,
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** describeRoute for one route, from its contract schemas. */
export function doc(spec: RouteDoc): MiddlewareHandler {
  const responses = Object.fromEntries(
    Object.entries(spec.responses).map(([status, answer]) => {
      if (typeof answer === 'string') {
        const errorBody = Number(status) >= 400;
        return [
          status,
          errorBody
            ? {
                description: answer,
                content: { 'application/json': { schema: resolver(ApiErrorSchema, ANSWER) } },
              }
            : { description: answer },
        ];
      }
      const [description, content] = answer;
      if ('media' in content && typeof content.media === 'string')
        return [status, { description, content: { [content.media]: {} } }];
      return [
        status,
        {
          description,
          content: { 'application/json': { schema: resolver(content as Schema, ANSWER) } },
        },
      ];
    }),
  );
  return describeRoute({
    summary: spec.summary,
    tags: spec.tags,
    ...(spec.description ? { description: spec.description } : {}),
    parameters: [
      ...(spec.query ? queryParameters(spec.query) : []),
      ...(spec.headers ?? []).map((header) => ({
        name: header.name,
        in: 'header' as const,
        required: false,
        description: header.description,
        schema: { type: 'string' as const },
      })),
    ],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: resolver(spec.body, REQUEST) } },
          },
        }
      : spec.bodyMedia
        ? { requestBody: { required: true, content: { [spec.bodyMedia]: {} } } }
        : {}),
    responses,
  });
}

/** The OpenAPI 3.1 document of every /api route of `app`. */
export async function openApiDocument(app: Hono) {
  return generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Storymade API',
        version: '1',
        description:
          "The shop's API. The calls of SPEC.md section 7 (tag 'seed') take the seed's payloads and answer its fields; amounts are numbers in the currency's major unit (34.99). Our additions are optional fields beside them. The back office (tag 'admin') keeps integer minor units.",
      },
    },
    exclude: [/^(?!\/api\/)/],
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  });
}
