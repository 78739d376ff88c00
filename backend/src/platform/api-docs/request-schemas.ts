import type { INestApplication, PipeTransform, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ApiBody, ApiParam, ApiQuery } from '@nestjs/swagger';
import type { z } from 'zod';
import { ZodPipe } from '../validation/zod.pipe';
import { OpenApiSchema, openApiSchema } from './zod-openapi';

interface RouteArgument {
  index: number;
  /** The field named in `@Param('id')` / `@Query('days')`; absent when the pipe sees the whole object. */
  data?: string;
  pipes?: (PipeTransform | Type<PipeTransform>)[];
}

const described = new WeakSet<object>();

/**
 * Describes every route's body, path and query parameters from the `ZodPipe`s that validate them,
 * so no route states its request shape twice: what the pipe checks is what the description says.
 * Runs once per controller class (decorator metadata is per class, and several apps may share a process).
 */
export function describeRequestsFromPipes(app: INestApplication): void {
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype || described.has(metatype)) continue;
      described.add(metatype);
      const prototype = (metatype as Type).prototype as object;
      for (const method of Object.getOwnPropertyNames(prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, method) ?? {}) as Record<string, RouteArgument>;
        const descriptor = Object.getOwnPropertyDescriptor(prototype, method)!;
        for (const [key, argument] of Object.entries(args)) {
          const schema = argument.pipes?.find((p): p is ZodPipe<z.ZodType> => p instanceof ZodPipe)?.schema;
          if (!schema) continue;
          for (const decorator of decoratorsFor(Number(key.split(':')[0]), argument.data, schema)) decorator(prototype, method, descriptor);
        }
      }
    }
  }
}

function decoratorsFor(paramtype: number, field: string | undefined, schema: z.ZodType): MethodDecorator[] {
  if (paramtype === RouteParamtypes.BODY) return [ApiBody({ schema: openApiSchema(schema, 'input'), required: !acceptsUndefined(schema) })];
  const fields: [string, OpenApiSchema, boolean][] = field ? [[field, openApiSchema(schema, 'input'), !acceptsUndefined(schema)]] : fieldsOf(schema);
  if (paramtype === RouteParamtypes.QUERY) return fields.map(([name, s, required]) => ApiQuery({ name, schema: s, required }));
  if (paramtype === RouteParamtypes.PARAM) return fields.map(([name, s]) => ApiParam({ name, schema: s, required: true }));
  return [];
}

function fieldsOf(schema: z.ZodType): [string, OpenApiSchema, boolean][] {
  const object = openApiSchema(schema, 'input') as { properties?: Record<string, OpenApiSchema>; required?: string[] };
  if (!object.properties) throw new Error('A ZodPipe given a whole query or set of path parameters must hold a zod object');
  return Object.entries(object.properties).map(([name, field]) => [name, field, object.required?.includes(name) ?? false]);
}

const acceptsUndefined = (schema: z.ZodType) => schema.safeParse(undefined).success;
